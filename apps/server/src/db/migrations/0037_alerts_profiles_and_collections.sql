CREATE TABLE "collection_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lost_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_holdings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_completions" ADD CONSTRAINT "collection_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_completions_holder_key" ON "collection_completions" USING btree ("collection_id") WHERE "collection_completions"."lost_at" is null;--> statement-breakpoint
CREATE INDEX "collection_completions_user_idx" ON "collection_completions" USING btree ("user_id","collection_id");--> statement-breakpoint
CREATE INDEX "trades_buyer_at_idx" ON "trades" USING btree ("buyer_id","at","id");--> statement-breakpoint
CREATE INDEX "trades_seller_at_idx" ON "trades" USING btree ("seller_id","at","id");--> statement-breakpoint
CREATE INDEX "watchlist_building_user_idx" ON "watchlist" USING btree ("building_id","user_id");