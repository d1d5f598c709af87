CREATE TABLE "offer_signatures" (
	"provider" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_signatures_provider_signature_pk" PRIMARY KEY("provider","signature")
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "awaiting_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "awaiting_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "offer_signatures_created_idx" ON "offer_signatures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bids_awaiting_idx" ON "bids" USING btree ("bidder_id","awaiting_until") WHERE "bids"."status" = 'holding';--> statement-breakpoint
CREATE INDEX "purchases_awaiting_idx" ON "purchases" USING btree ("user_id","awaiting_until") WHERE "purchases"."status" = 'pending';