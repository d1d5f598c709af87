DROP INDEX "buildings_neighborhood_idx";--> statement-breakpoint
CREATE INDEX "buildings_neighborhood_idx" ON "buildings" USING btree ("neighborhood","id");