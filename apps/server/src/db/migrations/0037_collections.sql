CREATE TABLE "collection_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lost_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_completions" ADD CONSTRAINT "collection_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_completions_holder_key" ON "collection_completions" USING btree ("collection_id") WHERE "collection_completions"."lost_at" is null;--> statement-breakpoint
CREATE INDEX "collection_completions_user_idx" ON "collection_completions" USING btree ("user_id","collection_id");--> statement-breakpoint
CREATE INDEX "watchlist_building_idx" ON "watchlist" USING btree ("building_id");