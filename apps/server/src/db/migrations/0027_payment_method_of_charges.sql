ALTER TABLE "developments" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_method_id" text;