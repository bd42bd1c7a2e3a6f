CREATE TABLE "contract_config" (
	"symbol" text PRIMARY KEY NOT NULL,
	"min_leverage" integer NOT NULL,
	"max_leverage" integer NOT NULL,
	"maintenance_margin_rate" numeric(38, 18) NOT NULL,
	"taker_fee_rate" numeric(38, 18) NOT NULL,
	"maker_fee_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"open" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_config_terms" CHECK ("contract_config"."min_leverage" >= 1 and "contract_config"."max_leverage" >= "contract_config"."min_leverage" and "contract_config"."max_leverage" <= 200
        and "contract_config"."maintenance_margin_rate" > 0 and "contract_config"."maintenance_margin_rate" < 1
        and "contract_config"."taker_fee_rate" >= 0 and "contract_config"."taker_fee_rate" < 1 and "contract_config"."maker_fee_rate" >= 0 and "contract_config"."maker_fee_rate" < 1
        and "contract_config"."min_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(38, 18),
	"amount" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"tp" numeric(38, 18),
	"sl" numeric(38, 18),
	"status" text NOT NULL,
	"fill_price" numeric(38, 18),
	"position_id" integer,
	"client_oid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"feed_source" text,
	"feed_topic" text,
	"feed_ts" timestamp with time zone,
	"feed_price" numeric(38, 18),
	"feed_ref" text,
	"feed_recorded" boolean,
	CONSTRAINT "contract_orders_side" CHECK ("contract_orders"."side" in ('long', 'short')),
	CONSTRAINT "contract_orders_type" CHECK ("contract_orders"."type" in ('limit', 'market')),
	CONSTRAINT "contract_orders_status" CHECK ("contract_orders"."status" in ('pending', 'filled', 'cancelled')),
	CONSTRAINT "contract_orders_limit_price" CHECK (("contract_orders"."type" = 'limit') = ("contract_orders"."price" is not null)),
	CONSTRAINT "contract_orders_amounts" CHECK ("contract_orders"."amount" > 0 and "contract_orders"."leverage" >= 1 and "contract_orders"."margin" > 0 and "contract_orders"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"maintenance_margin_rate" numeric(38, 18) NOT NULL,
	"close_fee_rate" numeric(38, 18) NOT NULL,
	"tp" numeric(38, 18),
	"sl" numeric(38, 18),
	"status" text NOT NULL,
	"order_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"close_price" numeric(38, 18),
	"close_reason" text,
	"close_fee" numeric(38, 18),
	"realized_pnl" numeric(38, 18),
	"insurance_paid" numeric(38, 18),
	"closed_at" timestamp with time zone,
	"feed_source" text,
	"feed_topic" text,
	"feed_ts" timestamp with time zone,
	"feed_price" numeric(38, 18),
	"feed_ref" text,
	"feed_recorded" boolean,
	"mark_inputs" jsonb,
	CONSTRAINT "contract_positions_side" CHECK ("contract_positions"."side" in ('long', 'short')),
	CONSTRAINT "contract_positions_status" CHECK ("contract_positions"."status" in ('open', 'closed', 'liquidated')),
	CONSTRAINT "contract_positions_close_reason" CHECK ("contract_positions"."close_reason" is null or "contract_positions"."close_reason" in ('manual', 'take_profit', 'stop_loss', 'liquidation')),
	CONSTRAINT "contract_positions_amounts" CHECK ("contract_positions"."amount" > 0 and "contract_positions"."leverage" >= 1 and "contract_positions"."margin" > 0 and "contract_positions"."open_price" > 0 and "contract_positions"."open_fee" >= 0),
	CONSTRAINT "contract_positions_closed" CHECK (("contract_positions"."status" = 'open') = ("contract_positions"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "financial_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"cycle_days" integer NOT NULL,
	"early_redeem_fee_rate" numeric(38, 18) NOT NULL,
	"bought_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"income" numeric(38, 18) DEFAULT '0' NOT NULL,
	"next_income_at" timestamp with time zone,
	"status" text NOT NULL,
	"redeemed_early" boolean DEFAULT false NOT NULL,
	"redeem_fee" numeric(38, 18),
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "financial_orders_status" CHECK ("financial_orders"."status" in ('in_progress', 'redeemed')),
	CONSTRAINT "financial_orders_amounts" CHECK ("financial_orders"."amount" > 0 and "financial_orders"."income" >= 0 and "financial_orders"."days_paid" between 0 and "financial_orders"."cycle_days")
);
--> statement-breakpoint
CREATE TABLE "financial_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"currency" text NOT NULL,
	"daily_rate" numeric(38, 18) NOT NULL,
	"cycle_days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"early_redeem_fee_rate" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_products_terms" CHECK ("financial_products"."daily_rate" >= 0 and "financial_products"."daily_rate" < 1 and "financial_products"."cycle_days" between 1 and 3650
        and "financial_products"."min_amount" > 0 and "financial_products"."max_amount" >= "financial_products"."min_amount"
        and "financial_products"."early_redeem_fee_rate" >= 0 and "financial_products"."early_redeem_fee_rate" < 1)
);
--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_orders" ADD CONSTRAINT "financial_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_orders" ADD CONSTRAINT "financial_orders_product_id_financial_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financial_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_orders_client_oid" ON "contract_orders" USING btree ("user_id","book","client_oid");--> statement-breakpoint
CREATE INDEX "contract_orders_user" ON "contract_orders" USING btree ("user_id","book","status","id");--> statement-breakpoint
CREATE INDEX "contract_orders_pending" ON "contract_orders" USING btree ("symbol","side","price") WHERE "contract_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_order" ON "contract_positions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "contract_positions_user" ON "contract_positions" USING btree ("user_id","book","status","id");--> statement-breakpoint
CREATE INDEX "contract_positions_open" ON "contract_positions" USING btree ("symbol") WHERE "contract_positions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "financial_orders_user" ON "financial_orders" USING btree ("user_id","book","id");--> statement-breakpoint
CREATE INDEX "financial_orders_due" ON "financial_orders" USING btree ("next_income_at") WHERE "financial_orders"."status" = 'in_progress';