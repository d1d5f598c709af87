CREATE TYPE "public"."development_state" AS ENUM('reserved', 'constructing', 'completed', 'failed', 'refunding', 'refunded');--> statement-breakpoint
CREATE TABLE "developments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"building_id" text NOT NULL,
	"kind" text NOT NULL,
	"level" smallint NOT NULL,
	"cost_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"credits_cents" integer DEFAULT 0 NOT NULL,
	"state" "development_state" NOT NULL,
	"payment_intent_id" text,
	"failure" text,
	"awaiting_until" timestamp with time zone,
	"duration_seconds" integer NOT NULL,
	"completes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "development_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "constructing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "developments" ADD CONSTRAINT "developments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developments" ADD CONSTRAINT "developments_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "developments_one_open_per_building" ON "developments" USING btree ("building_id") WHERE "developments"."state" in ('reserved', 'constructing');--> statement-breakpoint
CREATE UNIQUE INDEX "developments_one_per_level" ON "developments" USING btree ("building_id","level") WHERE "developments"."state" in ('constructing', 'completed');--> statement-breakpoint
CREATE UNIQUE INDEX "developments_one_per_payment_intent" ON "developments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "developments_unsettled_idx" ON "developments" USING btree ("updated_at") WHERE "developments"."state" in ('reserved', 'refunding');--> statement-breakpoint
CREATE INDEX "developments_due_idx" ON "developments" USING btree ("completes_at") WHERE "developments"."state" = 'constructing';--> statement-breakpoint
CREATE INDEX "developments_user_idx" ON "developments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "properties_constructing_idx" ON "properties" USING btree ("constructing_until") WHERE "properties"."constructing_until" is not null;--> statement-breakpoint
-- The map's overlay shows each building's development and construction: a change of either moves its version.
DROP TRIGGER "properties_map_state" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "properties_map_state" AFTER INSERT OR DELETE OR UPDATE OF "owner_id", "for_sale", "development_level", "constructing_until" ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_map_state_version"();
