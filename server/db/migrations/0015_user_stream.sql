CREATE TABLE "user_events" (
	"user_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"topic" text NOT NULL,
	"symbol" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "user_events_user_id_seq_pk" PRIMARY KEY("user_id","seq"),
	CONSTRAINT "user_events_topic_check" CHECK ("user_events"."topic" in ('orders', 'positions', 'accounts', 'notices'))
);
--> statement-breakpoint
CREATE TABLE "user_stream_seq" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ws_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"session_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ws_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stream_seq" ADD CONSTRAINT "user_stream_seq_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ws_tickets" ADD CONSTRAINT "ws_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_events_unpublished" ON "user_events" USING btree ("user_id","seq") WHERE "user_events"."published_at" is null;--> statement-breakpoint
CREATE INDEX "user_events_created" ON "user_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ws_tickets_expires" ON "ws_tickets" USING btree ("expires_at");