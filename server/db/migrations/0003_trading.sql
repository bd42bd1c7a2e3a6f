CREATE TABLE "market_trade_config" (
	"symbol" text PRIMARY KEY NOT NULL,
	"taker_fee_rate" numeric(38, 18) NOT NULL,
	"maker_fee_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"slippage_cap" numeric(38, 18) NOT NULL,
	"spot_open" boolean NOT NULL,
	"micro_open" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_trade_config_rates" CHECK ("market_trade_config"."taker_fee_rate" >= 0 and "market_trade_config"."taker_fee_rate" < 1 and "market_trade_config"."maker_fee_rate" >= 0 and "market_trade_config"."maker_fee_rate" < 1 and "market_trade_config"."slippage_cap" > 0 and "market_trade_config"."slippage_cap" < 1 and "market_trade_config"."min_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spot_fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"quote_amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"feed_source" text NOT NULL,
	"feed_topic" text NOT NULL,
	"feed_ts" timestamp with time zone NOT NULL,
	"feed_price" numeric(38, 18) NOT NULL,
	"feed_ref" text NOT NULL,
	"feed_recorded" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_fills_positive" CHECK ("spot_fills"."price" > 0 and "spot_fills"."amount" > 0 and "spot_fills"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(38, 18),
	"amount" numeric(38, 18) NOT NULL,
	"filled_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee_currency" text NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"client_oid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deal_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_orders_side" CHECK ("spot_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "spot_orders_type" CHECK ("spot_orders"."type" in ('limit', 'market')),
	CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" in ('pending', 'partially_filled', 'filled', 'cancelled', 'rejected')),
	CONSTRAINT "spot_orders_amounts" CHECK ("spot_orders"."amount" > 0 and "spot_orders"."filled_amount" >= 0 and "spot_orders"."filled_amount" <= "spot_orders"."amount" and "spot_orders"."frozen" >= 0),
	CONSTRAINT "spot_orders_limit_price" CHECK (("spot_orders"."type" = 'limit') = ("spot_orders"."price" is not null))
);
--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_order_id_spot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."spot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_fills_order" ON "spot_fills" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_fills_order_event" ON "spot_fills" USING btree ("order_id","feed_ref","price");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_client_oid" ON "spot_orders" USING btree ("user_id","book","client_oid");--> statement-breakpoint
CREATE INDEX "spot_orders_user" ON "spot_orders" USING btree ("user_id","book","id");--> statement-breakpoint
CREATE INDEX "spot_orders_open" ON "spot_orders" USING btree ("symbol","side","price") WHERE "spot_orders"."status" in ('pending', 'partially_filled');