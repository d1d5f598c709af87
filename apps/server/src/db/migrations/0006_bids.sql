CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"building_id" text NOT NULL,
	"bidder_id" uuid NOT NULL,
	"owner_id" uuid,
	"amount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text,
	"payment_method_id" text,
	"failure" text,
	"hold_released_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_holding_per_bidder" ON "bids" USING btree ("bidder_id","building_id") WHERE "bids"."status" = 'holding';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_pending_per_bidder" ON "bids" USING btree ("bidder_id","building_id") WHERE "bids"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_accepting_per_building" ON "bids" USING btree ("building_id") WHERE "bids"."status" = 'accepting';--> statement-breakpoint
CREATE INDEX "bids_building_status_idx" ON "bids" USING btree ("building_id","status");--> statement-breakpoint
CREATE INDEX "bids_bidder_idx" ON "bids" USING btree ("bidder_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_owner_idx" ON "bids" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_expiry_idx" ON "bids" USING btree ("expires_at") WHERE "bids"."status" = 'pending';