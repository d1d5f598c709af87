-- The partial indexes that name a state are made again once the state is an enum: their conditions compare with it.
DROP INDEX IF EXISTS "bids_one_holding_per_bidder";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_one_pending_per_bidder";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_one_accepting_per_building";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_awaiting_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_accepted_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_accepted_building_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bids_expiry_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_one_pending_per_building";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_unsettled_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_awaiting_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_completed_at_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "purchases_completed_building_idx";--> statement-breakpoint
CREATE TYPE "public"."account_refund_state" AS ENUM('requested', 'refunded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."bid_status" AS ENUM('holding', 'pending', 'accepting', 'accepted', 'rejected', 'cancelled', 'expired', 'replaced', 'released', 'failed', 'refunding');--> statement-breakpoint
CREATE TYPE "public"."offer_completion_status" AS ENUM('pending', 'credited', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."payout_state" AS ENUM('requested', 'pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('pending', 'completed', 'failed', 'refunding', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."shop_order_status" AS ENUM('paid', 'shipped');--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "status" SET DATA TYPE "public"."bid_status" USING "status"::"public"."bid_status";--> statement-breakpoint
ALTER TABLE "offer_completions" ALTER COLUMN "status" SET DATA TYPE "public"."offer_completion_status" USING "status"::"public"."offer_completion_status";--> statement-breakpoint
ALTER TABLE "account_refunds" ALTER COLUMN "state" SET DATA TYPE "public"."account_refund_state" USING "state"::"public"."account_refund_state";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "state" SET DATA TYPE "public"."payout_state" USING "state"::"public"."payout_state";--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "status" SET DATA TYPE "public"."purchase_status" USING "status"::"public"."purchase_status";--> statement-breakpoint
ALTER TABLE "shop_orders" ALTER COLUMN "status" SET DATA TYPE "public"."shop_order_status" USING "status"::"public"."shop_order_status";--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_holding_per_bidder" ON "bids" USING btree ("bidder_id","building_id") WHERE "bids"."status" = 'holding';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_pending_per_bidder" ON "bids" USING btree ("bidder_id","building_id") WHERE "bids"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_accepting_per_building" ON "bids" USING btree ("building_id") WHERE "bids"."status" = 'accepting';--> statement-breakpoint
CREATE INDEX "bids_awaiting_idx" ON "bids" USING btree ("bidder_id","awaiting_until") WHERE "bids"."status" = 'holding';--> statement-breakpoint
CREATE INDEX "bids_accepted_at_idx" ON "bids" USING btree ("decided_at") WHERE "bids"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "bids_accepted_building_idx" ON "bids" USING btree ("building_id","decided_at") WHERE "bids"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "bids_expiry_idx" ON "bids" USING btree ("expires_at") WHERE "bids"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_pending_per_building" ON "purchases" USING btree ("building_id") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "purchases_unsettled_idx" ON "purchases" USING btree ("updated_at") WHERE "purchases"."status" in ('pending', 'refunding');--> statement-breakpoint
CREATE INDEX "purchases_awaiting_idx" ON "purchases" USING btree ("user_id","awaiting_until") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "purchases_completed_at_idx" ON "purchases" USING btree ("updated_at") WHERE "purchases"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "purchases_completed_building_idx" ON "purchases" USING btree ("building_id","updated_at") WHERE "purchases"."status" = 'completed';
