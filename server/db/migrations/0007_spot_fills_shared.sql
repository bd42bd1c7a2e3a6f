ALTER TABLE "market_trade_config" ADD COLUMN "price_max_age_ms" integer;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "taker_amount" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "taker_quote" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "taker_fee" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "spot_fills_feed_ref" ON "spot_fills" USING btree ("feed_ref");--> statement-breakpoint
ALTER TABLE "market_trade_config" ADD CONSTRAINT "market_trade_config_price_max_age" CHECK ("market_trade_config"."price_max_age_ms" is null or "market_trade_config"."price_max_age_ms" > 0);