CREATE TABLE "hot_wallets" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hot_wallets_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_txs" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"network" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "withdrawal_txs" ADD CONSTRAINT "withdrawal_txs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_txs_hash" ON "withdrawal_txs" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "withdrawal_txs_withdrawal" ON "withdrawal_txs" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_txs_nonce" ON "withdrawal_txs" USING btree ("network","from_address","nonce");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_network_check" CHECK ("withdrawals"."status" not in ('sending', 'paid', 'failed') or "withdrawals"."network" is not null);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected', 'sending', 'paid', 'failed'));