CREATE TABLE "micro_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"duration_s" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"payout_rate" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_ts" timestamp with time zone NOT NULL,
	"open_source" text NOT NULL,
	"delivery_at" timestamp with time zone NOT NULL,
	"close_price" numeric(38, 18),
	"close_ts" timestamp with time zone,
	"status" text NOT NULL,
	"pnl" numeric(38, 18),
	"client_oid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "micro_orders_direction" CHECK ("micro_orders"."direction" in ('up', 'down')),
	CONSTRAINT "micro_orders_status" CHECK ("micro_orders"."status" in ('open', 'won', 'lost', 'draw')),
	CONSTRAINT "micro_orders_amounts" CHECK ("micro_orders"."amount" > 0 and "micro_orders"."fee" >= 0 and "micro_orders"."open_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "micro_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"duration_s" integer NOT NULL,
	"payout_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "micro_products_terms" CHECK ("micro_products"."duration_s" between 5 and 86400 and "micro_products"."payout_rate" > 0 and "micro_products"."payout_rate" <= 10 and "micro_products"."min_amount" > 0 and "micro_products"."fee_rate" >= 0 and "micro_products"."fee_rate" < 1)
);
--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "micro_orders_client_oid" ON "micro_orders" USING btree ("user_id","book","client_oid");--> statement-breakpoint
CREATE INDEX "micro_orders_user" ON "micro_orders" USING btree ("user_id","book","id");--> statement-breakpoint
CREATE INDEX "micro_orders_due" ON "micro_orders" USING btree ("delivery_at") WHERE "micro_orders"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "micro_products_symbol_duration" ON "micro_products" USING btree ("symbol","duration_s");