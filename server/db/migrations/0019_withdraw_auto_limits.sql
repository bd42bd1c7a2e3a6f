CREATE TABLE "withdraw_auto_limits" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"daily_limit" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_auto_limits_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "withdraw_auto_limits_positive" CHECK ("withdraw_auto_limits"."daily_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "withdraw_auto_limits" ADD CONSTRAINT "withdraw_auto_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;