ALTER TABLE "sandbox_accounts" ADD COLUMN "requirement_collection" text DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "past_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_account_collection" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_payouts_enabled" boolean DEFAULT true NOT NULL;