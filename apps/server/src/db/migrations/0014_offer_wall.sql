CREATE TABLE "offer_completions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credited_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offer_postbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text,
	"user_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"amount_cents" integer,
	"params" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "credits_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_completions" ADD CONSTRAINT "offer_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_completions_provider_tx" ON "offer_completions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "offer_completions_user_idx" ON "offer_completions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_postbacks_created_idx" ON "offer_postbacks" USING btree ("created_at");