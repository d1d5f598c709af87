ALTER TABLE "properties" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bids_accepted_at_idx" ON "bids" USING btree ("decided_at") WHERE "bids"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "bids_accepted_building_idx" ON "bids" USING btree ("building_id","decided_at") WHERE "bids"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "properties_listed_at_idx" ON "properties" USING btree ("listed_at") WHERE "properties"."for_sale";--> statement-breakpoint
CREATE INDEX "purchases_completed_at_idx" ON "purchases" USING btree ("updated_at") WHERE "purchases"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "purchases_completed_building_idx" ON "purchases" USING btree ("building_id","updated_at") WHERE "purchases"."status" = 'completed';--> statement-breakpoint
-- hand-written: buildings already for sale were listed when last changed, as far as anyone can tell.
UPDATE "properties" SET "listed_at" = "updated_at" WHERE "for_sale" AND "listed_at" IS NULL;
