ALTER TABLE "contract_config" DROP CONSTRAINT "contract_config_limits";--> statement-breakpoint
ALTER TABLE "contract_config" ADD COLUMN "clearance_fee_rate" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_config" ADD CONSTRAINT "contract_config_limits" CHECK (("contract_config"."max_position_notional" is null or "contract_config"."max_position_notional" > 0)
        and ("contract_config"."max_open_interest" is null or "contract_config"."max_open_interest" > 0)
        and ("contract_config"."max_net_exposure" is null or "contract_config"."max_net_exposure" > 0)
        and ("contract_config"."clearance_fee_rate" is null or ("contract_config"."clearance_fee_rate" >= 0 and "contract_config"."clearance_fee_rate" < 1)));