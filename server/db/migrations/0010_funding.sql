CREATE TABLE "contract_funding_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"mark_price" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"payment" numeric(38, 18) NOT NULL,
	"from_margin" numeric(38, 18) NOT NULL,
	"shortfall" numeric(38, 18) NOT NULL,
	"funding_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_funding_payments_side" CHECK ("contract_funding_payments"."side" in ('long', 'short')),
	CONSTRAINT "contract_funding_payments_amounts" CHECK ("contract_funding_payments"."from_margin" >= 0 and "contract_funding_payments"."shortfall" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_funding_rates" (
	"symbol" text NOT NULL,
	"funding_time" timestamp with time zone NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"premium_index" numeric(38, 18) NOT NULL,
	"interest_rate" numeric(38, 18) NOT NULL,
	"mark_price" numeric(38, 18) NOT NULL,
	"samples" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "contract_funding_rates_mark" CHECK ("contract_funding_rates"."mark_price" > 0 and "contract_funding_rates"."samples" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contract_funding_payments" ADD CONSTRAINT "contract_funding_payments_position_id_contract_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."contract_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_funding_payments" ADD CONSTRAINT "contract_funding_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_funding_payments_once" ON "contract_funding_payments" USING btree ("position_id","funding_time");--> statement-breakpoint
CREATE INDEX "contract_funding_payments_user" ON "contract_funding_payments" USING btree ("user_id","book","funding_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_funding_rates_key" ON "contract_funding_rates" USING btree ("symbol","funding_time");--> statement-breakpoint
CREATE INDEX "contract_funding_rates_unsettled" ON "contract_funding_rates" USING btree ("funding_time") WHERE "contract_funding_rates"."settled_at" is null;