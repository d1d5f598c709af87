CREATE SCHEMA IF NOT EXISTS "sandbox";
--> statement-breakpoint
CREATE TABLE "sandbox"."accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"legal_name" text,
	"details_submitted_at" timestamp with time zone,
	"requirement_collection" text DEFAULT 'stripe' NOT NULL,
	"currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"past_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"capture_method" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text,
	"capture_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name" text,
	"funding" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name" text,
	"funding" text NOT NULL,
	"behaviour" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"customer_email" text,
	"line_items" jsonb NOT NULL,
	"amount_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"amount_shipping_cents" integer DEFAULT 0 NOT NULL,
	"amount_tax_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate" integer,
	"amount_total_cents" integer NOT NULL,
	"shipping_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping" jsonb,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text,
	"payment_intent_id" text,
	"paying_since" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."card_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_credits_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."external_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"behaviour" text NOT NULL,
	"default_for_currency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"destination" text,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"reference" text,
	"idempotency_key" text,
	"arrival_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."paypal_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"intent" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"custom_id" text,
	"reference_id" text,
	"description" text,
	"payer_action" text,
	"authorization_id" text,
	"authorization_status" text,
	"authorization_expires_at" timestamp with time zone,
	"capture_id" text,
	"capture_status" text,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_orders_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "paypal_orders_authorization_id_unique" UNIQUE("authorization_id"),
	CONSTRAINT "paypal_orders_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."paypal_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_batch_id" text NOT NULL,
	"receiver" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"item_status" text DEFAULT 'SUCCESS' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_payouts_sender_batch_id_unique" UNIQUE("sender_batch_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."paypal_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_refunds_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE INDEX "payment_intents_created_idx" ON "sandbox"."payment_intents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "sandbox"."payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "external_accounts_account_idx" ON "sandbox"."external_accounts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_one_default" ON "sandbox"."external_accounts" USING btree ("account_id") WHERE "sandbox"."external_accounts"."default_for_currency";--> statement-breakpoint
CREATE INDEX "paypal_orders_created_idx" ON "sandbox"."paypal_orders" USING btree ("created_at");