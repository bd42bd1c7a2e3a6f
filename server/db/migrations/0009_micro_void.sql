ALTER TABLE "micro_orders" DROP CONSTRAINT "micro_orders_status";--> statement-breakpoint
ALTER TABLE "micro_orders" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_void_reason" CHECK (("micro_orders"."status" = 'voided') = ("micro_orders"."void_reason" is not null) and "micro_orders"."void_reason" in ('no_price', 'operator'));--> statement-breakpoint
ALTER TABLE "micro_orders" ADD CONSTRAINT "micro_orders_status" CHECK ("micro_orders"."status" in ('open', 'won', 'lost', 'draw', 'voided'));