CREATE TABLE "sweep_txs" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"purpose" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sweep_txs_positive" CHECK ("sweep_txs"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD COLUMN "swept_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sweep_txs_hash" ON "sweep_txs" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "sweep_txs_address" ON "sweep_txs" USING btree ("network","address","id");--> statement-breakpoint
CREATE INDEX "sweep_txs_open" ON "sweep_txs" USING btree ("network","status");