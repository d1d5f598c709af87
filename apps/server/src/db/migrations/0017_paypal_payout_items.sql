ALTER TABLE "account_refunds" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "sandbox_paypal_payouts" ADD COLUMN "item_status" text DEFAULT 'SUCCESS' NOT NULL;