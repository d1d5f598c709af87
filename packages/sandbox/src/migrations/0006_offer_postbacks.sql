CREATE TYPE "sandbox"."postback_state" AS ENUM('queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "sandbox"."offer_postbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"path" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" "sandbox"."postback_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
