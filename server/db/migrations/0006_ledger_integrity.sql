ALTER TABLE "deposits" ADD COLUMN "tx_hash_key" text;--> statement-breakpoint
-- Hand-written (issue 21 Part 9), before the index it makes possible: backfill the key of every claim with a hash (server/money/tx-hash.ts txHashKey).
UPDATE "deposits" SET "tx_hash_key" = (case chain when 'ETH' then 'ethereum' when 'ERC20' then 'ethereum' when 'TRC20' then 'tron' when 'BTC' then 'bitcoin' end) || ':' || (case when lower(regexp_replace(btrim(tx_hash), '^0[xX]', '')) ~ '^[0-9a-f]+$' then lower(regexp_replace(btrim(tx_hash), '^0[xX]', '')) else btrim(tx_hash) end) WHERE "tx_hash" IS NOT NULL;--> statement-breakpoint
-- A pending claim of a hash another claim (not rejected, lower id) already holds is rejected, with the reason shown
-- to its owner: nothing was credited for it, and approving it would credit the same transfer twice.
UPDATE "deposits" d SET "status" = 'rejected', "reason" = 'Duplicate of deposit claim ' || (
  SELECT min(o."id") FROM "deposits" o WHERE o."tx_hash_key" = d."tx_hash_key" AND o."status" <> 'rejected' AND o."id" < d."id"
), "reviewed_at" = now()
WHERE d."status" = 'pending' AND d."tx_hash_key" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "deposits" o WHERE o."tx_hash_key" = d."tx_hash_key" AND o."status" <> 'rejected' AND o."id" < d."id"
);--> statement-breakpoint
-- Approved duplicates from before this migration (already credited; for the operator to look into) keep their hash
-- but leave the key to the first claim, so the unique index below can be built.
UPDATE "deposits" d SET "tx_hash_key" = NULL
WHERE d."tx_hash_key" IS NOT NULL AND d."status" <> 'rejected' AND EXISTS (
  SELECT 1 FROM "deposits" o WHERE o."tx_hash_key" = d."tx_hash_key" AND o."status" <> 'rejected' AND o."id" < d."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_key" ON "deposits" USING btree ("tx_hash_key") WHERE "deposits"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_platform_sign" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."owner" in ('system:counterparty', 'system:insurance', 'system:demo_faucet') or ("ledger_accounts"."owner" = 'system:deposits' and "ledger_accounts"."available" <= 0 and "ledger_accounts"."frozen" >= 0) or ("ledger_accounts"."owner" <> 'system:deposits' and "ledger_accounts"."available" >= 0 and "ledger_accounts"."frozen" >= 0));