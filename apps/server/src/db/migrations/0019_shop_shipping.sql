ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "amount_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "amount_shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "amount_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "tax_rate" integer;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "shipping_options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "shipped_email_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shop_orders_status_idx" ON "shop_orders" USING btree ("status","created_at");--> statement-breakpoint
-- hand-written: orders and sandbox sessions from before shipping and tax were their goods alone.
UPDATE "shop_orders" SET "subtotal_cents" = "amount_cents";--> statement-breakpoint
UPDATE "sandbox_checkout_sessions" SET "amount_subtotal_cents" = "amount_total_cents";
