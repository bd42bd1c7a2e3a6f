ALTER TABLE "contract_config" ADD COLUMN "risk_tiers" jsonb;--> statement-breakpoint
ALTER TABLE "contract_config" ADD COLUMN "max_position_notional" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_config" ADD COLUMN "max_open_interest" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_config" ADD COLUMN "max_net_exposure" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "maintenance_amount" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_config" ADD CONSTRAINT "contract_config_limits" CHECK (("contract_config"."max_position_notional" is null or "contract_config"."max_position_notional" > 0)
        and ("contract_config"."max_open_interest" is null or "contract_config"."max_open_interest" > 0)
        and ("contract_config"."max_net_exposure" is null or "contract_config"."max_net_exposure" > 0));--> statement-breakpoint
-- Hand-written: a position's maintenance amount (its risk tier's "cum") never lowers its maintenance below zero at
-- its opening, so it is never negative.
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_maintenance_amount" CHECK ("maintenance_amount" >= 0);
