CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "neighborhoods" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "neighborhoods_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "neighborhood" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "buildings_neighborhood_idx" ON "buildings" USING btree ("neighborhood");--> statement-breakpoint
CREATE INDEX "buildings_search_text_trgm_idx" ON "buildings" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "properties_custom_name_trgm_idx" ON "properties" USING gin (lower("custom_name") gin_trgm_ops) WITH (fastupdate=false) WHERE "properties"."custom_name" is not null;--> statement-breakpoint
UPDATE "buildings" SET "search_text" = lower(concat_ws(' | ', "name", "address"));
