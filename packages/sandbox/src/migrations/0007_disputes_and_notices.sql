CREATE TYPE "sandbox"."notice_kind" AS ENUM('open_dispute', 'raise_warning', 'decide_dispute', 'paypal_dispute');--> statement-breakpoint
CREATE TYPE "sandbox"."notice_state" AS ENUM('queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_dispute_status" AS ENUM('OPEN', 'WAITING_FOR_BUYER_RESPONSE', 'WAITING_FOR_SELLER_RESPONSE', 'UNDER_REVIEW', 'RESOLVED', 'OTHER');--> statement-breakpoint
CREATE TYPE "sandbox"."dispute_status" AS ENUM('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented');--> statement-breakpoint
CREATE TABLE "sandbox"."disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 1500 NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" "sandbox"."dispute_status" DEFAULT 'needs_response' NOT NULL,
	"evidence" text,
	"evidence_due_by" timestamp with time zone NOT NULL,
	"funds_withdrawn" boolean DEFAULT true NOT NULL,
	"funds_reinstated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."fraud_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"fraud_type" text NOT NULL,
	"actionable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_warnings_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."notices" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" "sandbox"."notice_kind" NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"waits" boolean DEFAULT true NOT NULL,
	"state" "sandbox"."notice_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notices_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."paypal_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" "sandbox"."paypal_dispute_status" DEFAULT 'OPEN' NOT NULL,
	"outcome" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"evidence" text,
	"seller_response_due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_disputes_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "sandbox"."disputes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "sandbox"."notices" USING btree ("state","not_before");--> statement-breakpoint
CREATE INDEX "paypal_disputes_created_idx" ON "sandbox"."paypal_disputes" USING btree ("created_at");