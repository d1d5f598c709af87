CREATE TYPE "sandbox"."checkout_payment_status" AS ENUM('unpaid', 'paid', 'no_payment_required');--> statement-breakpoint
CREATE TYPE "sandbox"."checkout_status" AS ENUM('open', 'complete', 'expired');--> statement-breakpoint
CREATE TYPE "sandbox"."payment_intent_status" AS ENUM('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded');--> statement-breakpoint
CREATE TYPE "sandbox"."payout_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_authorization_status" AS ENUM('CREATED', 'CAPTURED', 'DENIED', 'PARTIALLY_CAPTURED', 'VOIDED', 'EXPIRED', 'PENDING');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_batch_status" AS ENUM('PENDING', 'PROCESSING', 'SUCCESS', 'DENIED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_capture_status" AS ENUM('COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_item_status" AS ENUM('SUCCESS', 'FAILED', 'PENDING', 'UNCLAIMED', 'RETURNED', 'ONHOLD', 'BLOCKED', 'REFUNDED', 'REVERSED');--> statement-breakpoint
CREATE TYPE "sandbox"."paypal_order_status" AS ENUM('CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED');--> statement-breakpoint
ALTER TABLE "sandbox"."payment_intents" ALTER COLUMN "status" SET DATA TYPE "sandbox"."payment_intent_status" USING "status"::"sandbox"."payment_intent_status";--> statement-breakpoint
ALTER TABLE "sandbox"."checkout_sessions" ALTER COLUMN "status" SET DATA TYPE "sandbox"."checkout_status" USING "status"::"sandbox"."checkout_status";--> statement-breakpoint
ALTER TABLE "sandbox"."checkout_sessions" ALTER COLUMN "payment_status" SET DATA TYPE "sandbox"."checkout_payment_status" USING "payment_status"::"sandbox"."checkout_payment_status";--> statement-breakpoint
ALTER TABLE "sandbox"."payouts" ALTER COLUMN "status" SET DATA TYPE "sandbox"."payout_status" USING "status"::"sandbox"."payout_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_orders" ALTER COLUMN "status" SET DATA TYPE "sandbox"."paypal_order_status" USING "status"::"sandbox"."paypal_order_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_orders" ALTER COLUMN "authorization_status" SET DATA TYPE "sandbox"."paypal_authorization_status" USING "authorization_status"::"sandbox"."paypal_authorization_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_orders" ALTER COLUMN "capture_status" SET DATA TYPE "sandbox"."paypal_capture_status" USING "capture_status"::"sandbox"."paypal_capture_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_payouts" ALTER COLUMN "status" SET DATA TYPE "sandbox"."paypal_batch_status" USING "status"::"sandbox"."paypal_batch_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_payouts" ALTER COLUMN "item_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_payouts" ALTER COLUMN "item_status" SET DATA TYPE "sandbox"."paypal_item_status" USING "item_status"::"sandbox"."paypal_item_status";--> statement-breakpoint
ALTER TABLE "sandbox"."paypal_payouts" ALTER COLUMN "item_status" SET DEFAULT 'SUCCESS'::"sandbox"."paypal_item_status";