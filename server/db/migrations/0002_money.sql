CREATE TABLE "chains" (
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"deposit_address" text,
	"min_withdraw" numeric(38, 18) DEFAULT '0' NOT NULL,
	"withdraw_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chains_currency_chain_pk" PRIMARY KEY("currency","chain"),
	CONSTRAINT "chains_amounts_check" CHECK ("chains"."min_withdraw" >= 0 and "chains"."withdraw_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"tx_hash" text,
	"proof_upload_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"outcome" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"user_id" integer,
	"book" text NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_book_check" CHECK ("ledger_accounts"."book" in ('live', 'demo')),
	CONSTRAINT "ledger_accounts_wallet_check" CHECK ("ledger_accounts"."wallet" in ('spot', 'contract', 'option')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."owner" = 'user:' || "ledger_accounts"."user_id") or ("ledger_accounts"."user_id" is null and "ledger_accounts"."owner" like 'system:%')),
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."user_id" is null or ("ledger_accounts"."available" >= 0 and "ledger_accounts"."frozen" >= 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_bucket_check" CHECK ("ledger_entries"."bucket" in ('available', 'frozen')),
	CONSTRAINT "ledger_entries_non_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"book" text NOT NULL,
	"user_id" integer,
	"reference" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_wallets_check" CHECK ("transfers"."from_wallet" <> "transfers"."to_wallet"),
	CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "book" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_addresses" ADD CONSTRAINT "coin_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_addresses_user_address" ON "coin_addresses" USING btree ("user_id","currency","chain","address");--> statement-breakpoint
CREATE INDEX "deposits_user" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key" ON "ledger_accounts" USING btree ("owner","book","wallet","currency");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reference" ON "ledger_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user" ON "ledger_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "transfers_user" ON "transfers" USING btree ("user_id","book","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_book_check" CHECK ("sessions"."book" in ('live', 'demo'));