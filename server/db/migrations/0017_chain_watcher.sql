CREATE TABLE "chain_addresses" (
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"key_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_addresses_user_id_network_pk" PRIMARY KEY("user_id","network"),
	CONSTRAINT "chain_addresses_lower_hex" CHECK ("chain_addresses"."address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_network_number_pk" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chains" DROP CONSTRAINT "chains_amounts_check";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_amount_check";--> statement-breakpoint
DROP INDEX "deposits_tx_hash_key";--> statement-breakpoint
ALTER TABLE "chains" ADD COLUMN "min_deposit" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "source" text DEFAULT 'claim' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "log_index" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "debt" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_address" ON "chain_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_event" ON "deposits" USING btree ("network","tx_hash_key","log_index") WHERE "deposits"."source" = 'chain' and "deposits"."status" <> 'reversed';--> statement-breakpoint
CREATE INDEX "deposits_chain_block" ON "deposits" USING btree ("network","block_number") WHERE "deposits"."source" = 'chain';--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_key" ON "deposits" USING btree ("tx_hash_key") WHERE "deposits"."source" = 'claim' and "deposits"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "chains" ADD CONSTRAINT "chains_amounts_check" CHECK ("chains"."min_withdraw" >= 0 and "chains"."withdraw_fee" >= 0 and "chains"."min_deposit" >= 0);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_fields" CHECK ("deposits"."source" = 'claim' or ("deposits"."network" is not null and "deposits"."tx_hash_key" is not null and ("deposits"."status" = 'pending' or ("deposits"."block_number" is not null and "deposits"."block_hash" is not null and "deposits"."log_index" is not null))));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK (("deposits"."source" = 'claim' and "deposits"."status" in ('pending', 'approved', 'rejected')) or ("deposits"."source" = 'chain' and "deposits"."status" in ('pending', 'credited', 'withdrawable', 'reversed')));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0 and "deposits"."debt" >= 0 and "deposits"."debt" <= "deposits"."amount");--> statement-breakpoint
UPDATE "chains" SET "min_deposit" = CASE "currency" || '-' || "chain" WHEN 'USDT-TRC20' THEN 1 WHEN 'USDT-ERC20' THEN 1 WHEN 'BTC-BTC' THEN 0.0001 WHEN 'ETH-ETH' THEN 0.001 ELSE 0 END WHERE "min_deposit" = 0;
