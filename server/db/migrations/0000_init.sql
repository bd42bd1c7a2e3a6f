CREATE TABLE "announcement_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"announcement_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"logo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"category" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"currency_id" integer NOT NULL,
	"matches_id" integer NOT NULL,
	"market_from" integer DEFAULT 2 NOT NULL,
	"price_precision" integer NOT NULL,
	"amount_precision" integer NOT NULL,
	"tradable_spot" boolean DEFAULT false NOT NULL,
	"tradable_contract" boolean DEFAULT false NOT NULL,
	"tradable_option" boolean DEFAULT false NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_symbol_unique" UNIQUE("symbol"),
	CONSTRAINT "markets_matches_id_unique" UNIQUE("matches_id"),
	CONSTRAINT "markets_category_check" CHECK ("markets"."category" in ('spot', 'futures', 'forex')),
	CONSTRAINT "markets_precision_check" CHECK ("markets"."price_precision" between 0 and 18 and "markets"."amount_precision" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_translations" ADD CONSTRAINT "announcement_translations_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_translations_announcement_locale" ON "announcement_translations" USING btree ("announcement_id","locale");--> statement-breakpoint
CREATE INDEX "announcements_list_order" ON "announcements" USING btree ("pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);