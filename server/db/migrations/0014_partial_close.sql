CREATE TABLE "contract_close_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"position_id" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(38, 18),
	"amount" numeric(38, 18) NOT NULL,
	"filled" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_close_orders_side" CHECK ("contract_close_orders"."side" in ('long', 'short')),
	CONSTRAINT "contract_close_orders_type" CHECK ("contract_close_orders"."type" in ('limit', 'market')),
	CONSTRAINT "contract_close_orders_status" CHECK ("contract_close_orders"."status" in ('pending', 'filled', 'cancelled')),
	CONSTRAINT "contract_close_orders_limit_price" CHECK (("contract_close_orders"."type" = 'limit') = ("contract_close_orders"."price" is not null)),
	CONSTRAINT "contract_close_orders_amounts" CHECK ("contract_close_orders"."amount" > 0 and "contract_close_orders"."filled" >= 0 and "contract_close_orders"."filled" <= "contract_close_orders"."amount")
);
--> statement-breakpoint
DROP INDEX "contract_positions_order";--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "split_from" integer;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "close_order_id" integer;--> statement-breakpoint
ALTER TABLE "contract_close_orders" ADD CONSTRAINT "contract_close_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_close_orders_user" ON "contract_close_orders" USING btree ("user_id","book","status","id");--> statement-breakpoint
CREATE INDEX "contract_close_orders_pending" ON "contract_close_orders" USING btree ("symbol") WHERE "contract_close_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contract_close_orders_position" ON "contract_close_orders" USING btree ("position_id") WHERE "contract_close_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contract_positions_close_print" ON "contract_positions" USING btree ("feed_topic","feed_ref") WHERE "contract_positions"."close_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_order" ON "contract_positions" USING btree ("order_id") WHERE "contract_positions"."status" = 'open' and "contract_positions"."split_from" is null;