CREATE TYPE "public"."clearance_state" AS ENUM('clearing', 'cleared', 'clawed_back');--> statement-breakpoint
CREATE TYPE "public"."dispute_state" AS ENUM('needs_response', 'under_review', 'won', 'lost');--> statement-breakpoint
CREATE TYPE "public"."dispute_subject" AS ENUM('purchase', 'bid', 'development', 'shop_order');--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processor" text NOT NULL,
	"processor_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"subject" "dispute_subject" NOT NULL,
	"subject_id" text NOT NULL,
	"building_id" text,
	"payer_id" uuid,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"state" "dispute_state" NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"funds_withdrawn" boolean DEFAULT false NOT NULL,
	"clawed_back_cents" integer DEFAULT 0 NOT NULL,
	"returned_to_game" boolean,
	"evidence_text" text,
	"evidence_submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_clearances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"sale_reference" text NOT NULL,
	"payment_intent_id" text,
	"building_id" text,
	"amount_cents" integer NOT NULL,
	"state" "clearance_state" DEFAULT 'clearing' NOT NULL,
	"clears_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processor" text NOT NULL,
	"processor_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"fraud_type" text NOT NULL,
	"subject" "dispute_subject",
	"subject_id" text,
	"payer_id" uuid,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "frozen_dispute_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_clearances" ADD CONSTRAINT "earnings_clearances_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_warnings" ADD CONSTRAINT "fraud_warnings_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_processor_id_key" ON "disputes" USING btree ("processor","processor_id");--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("evidence_due_by") WHERE "disputes"."state" in ('needs_response', 'under_review');--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_clearances_sale_key" ON "earnings_clearances" USING btree ("sale_reference");--> statement-breakpoint
CREATE INDEX "earnings_clearances_due_idx" ON "earnings_clearances" USING btree ("clears_at") WHERE "earnings_clearances"."state" = 'clearing';--> statement-breakpoint
CREATE INDEX "earnings_clearances_seller_idx" ON "earnings_clearances" USING btree ("seller_id","state");--> statement-breakpoint
CREATE INDEX "earnings_clearances_payment_idx" ON "earnings_clearances" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_warnings_processor_id_key" ON "fraud_warnings" USING btree ("processor","processor_id");