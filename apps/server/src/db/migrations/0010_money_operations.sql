ALTER TABLE "sandbox_payment_intents" ADD COLUMN "capture_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_per_payment_intent" ON "bids" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_per_payment_intent" ON "purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "purchases_unsettled_idx" ON "purchases" USING btree ("updated_at") WHERE "purchases"."status" in ('pending', 'refunding');--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_created_idx" ON "sandbox_payment_intents" USING btree ("created_at");