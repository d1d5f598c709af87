CREATE TABLE "alert_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_holdings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_buyer_at_idx" ON "trades" USING btree ("buyer_id","at","id");--> statement-breakpoint
CREATE INDEX "trades_seller_at_idx" ON "trades" USING btree ("seller_id","at","id");--> statement-breakpoint
CREATE INDEX "watchlist_building_user_idx" ON "watchlist" USING btree ("building_id","user_id");