CREATE TABLE "paypal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_orders" (
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
	CONSTRAINT "sandbox_paypal_orders_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "sandbox_paypal_orders_authorization_id_unique" UNIQUE("authorization_id"),
	CONSTRAINT "sandbox_paypal_orders_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paypal_refunds_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_paypal_orders_created_idx" ON "sandbox_paypal_orders" USING btree ("created_at");