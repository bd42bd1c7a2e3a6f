CREATE TABLE "contract_fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"liquidity" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"feed_source" text NOT NULL,
	"feed_topic" text NOT NULL,
	"feed_ts" timestamp with time zone NOT NULL,
	"feed_price" numeric(38, 18) NOT NULL,
	"feed_ref" text NOT NULL,
	"feed_recorded" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_fills_liquidity" CHECK ("contract_fills"."liquidity" in ('maker', 'taker')),
	CONSTRAINT "contract_fills_amounts" CHECK ("contract_fills"."price" > 0 and "contract_fills"."amount" > 0 and "contract_fills"."margin" > 0 and "contract_fills"."fee" >= 0)
);
--> statement-breakpoint
DROP INDEX "contract_orders_print";--> statement-breakpoint
DROP INDEX "contract_positions_order";--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "filled_amount" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_fills" ADD CONSTRAINT "contract_fills_order_id_contract_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."contract_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_fills" ADD CONSTRAINT "contract_fills_position_id_contract_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."contract_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_fills_order" ON "contract_fills" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_fills_order_event" ON "contract_fills" USING btree ("order_id","feed_topic","feed_ref");--> statement-breakpoint
CREATE INDEX "contract_fills_print" ON "contract_fills" USING btree ("feed_topic","feed_ref") WHERE "contract_fills"."liquidity" = 'maker';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_order" ON "contract_positions" USING btree ("order_id") WHERE "contract_positions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_filled" CHECK ("contract_orders"."filled_amount" >= 0 and "contract_orders"."filled_amount" <= "contract_orders"."amount");--> statement-breakpoint
UPDATE "contract_orders" SET "filled_amount" = "amount" WHERE "status" = 'filled';--> statement-breakpoint
INSERT INTO "contract_fills" ("order_id", "position_id", "liquidity", "price", "amount", "margin", "fee", "feed_source", "feed_topic", "feed_ts", "feed_price", "feed_ref", "feed_recorded", "created_at")
SELECT o."id", o."position_id", CASE WHEN o."feed_topic" LIKE '%.trade.detail' THEN 'maker' ELSE 'taker' END, o."fill_price", o."amount", o."margin", o."fee", o."feed_source", o."feed_topic", o."feed_ts", o."feed_price", o."feed_ref", o."feed_recorded", coalesce(o."filled_at", o."created_at")
FROM "contract_orders" o
WHERE o."status" = 'filled' AND o."position_id" IS NOT NULL AND o."feed_topic" IS NOT NULL AND o."feed_source" IS NOT NULL AND o."feed_ts" IS NOT NULL AND o."feed_price" IS NOT NULL AND o."feed_ref" IS NOT NULL AND o."fill_price" IS NOT NULL;
