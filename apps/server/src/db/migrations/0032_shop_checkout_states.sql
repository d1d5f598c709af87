CREATE TYPE "public"."shop_checkout_state" AS ENUM('reserved', 'open', 'ordered', 'abandoned');--> statement-breakpoint
ALTER TABLE "shop_checkouts" DROP CONSTRAINT "shop_checkouts_pkey";--> statement-breakpoint
ALTER TABLE "shop_checkouts" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Checkouts written before this were written once the processor had answered: open, or ordered once paid.
ALTER TABLE "shop_checkouts" ADD COLUMN "state" "shop_checkout_state" DEFAULT 'open' NOT NULL;--> statement-breakpoint
UPDATE "shop_checkouts" SET "state" = 'ordered' WHERE "session_id" IN (SELECT "checkout_session_id" FROM "shop_orders");--> statement-breakpoint
ALTER TABLE "shop_checkouts" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD COLUMN "processor_key" text;--> statement-breakpoint
UPDATE "shop_checkouts" SET "processor_key" = 'shop:' || "session_id";--> statement-breakpoint
ALTER TABLE "shop_checkouts" ALTER COLUMN "processor_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_checkouts_unsettled_idx" ON "shop_checkouts" USING btree ("created_at") WHERE "shop_checkouts"."state" in ('reserved', 'open');--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD CONSTRAINT "shop_checkouts_session_id_unique" UNIQUE("session_id");--> statement-breakpoint
ALTER TABLE "shop_checkouts" ADD CONSTRAINT "shop_checkouts_processor_key_unique" UNIQUE("processor_key");
