ALTER TABLE "users" ADD COLUMN "hide_holdings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_buyer_at_idx" ON "trades" USING btree ("buyer_id","at","id");--> statement-breakpoint
CREATE INDEX "trades_seller_at_idx" ON "trades" USING btree ("seller_id","at","id");