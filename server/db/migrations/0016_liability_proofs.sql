CREATE TABLE "liability_proof_leaves" (
	"proof_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"leaf_index" integer NOT NULL,
	"salt" text NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "liability_proof_leaves_proof_id_user_id_pk" PRIMARY KEY("proof_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"leaf_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liability_proofs_root_hex" CHECK ("liability_proofs"."root" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "liability_proof_leaves" ADD CONSTRAINT "liability_proof_leaves_proof_id_liability_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."liability_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_proof_leaves" ADD CONSTRAINT "liability_proof_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_proof_leaves_index" ON "liability_proof_leaves" USING btree ("proof_id","leaf_index");--> statement-breakpoint
CREATE INDEX "liability_proof_leaves_user" ON "liability_proof_leaves" USING btree ("user_id");