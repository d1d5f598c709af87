ALTER TABLE "price_history" ADD COLUMN "kind" text DEFAULT 'trade' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "ask_cents" integer;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "building_id" text;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "building_name" text;--> statement-breakpoint
-- A development's point in a building's price history is marked as one: it is no trade.
UPDATE "price_history" h SET "kind" = 'development'
  FROM "developments" d
  WHERE d.building_id = h.building_id AND d.state = 'completed' AND d.completes_at = h.created_at;
--> statement-breakpoint
-- A building listed now kept its ask in price_cents: the ask moves to ask_cents, and the building's value comes
-- back as it was before the ask (its last point in the price history: its last trade, or the value its last
-- finished development raised it to), else the game's price.
UPDATE "properties" p SET "ask_cents" = p.price_cents,
  "price_cents" = coalesce(
    (SELECT h.price_cents FROM "price_history" h WHERE h.building_id = p.building_id
      ORDER BY h.created_at DESC, h.id DESC LIMIT 1),
    b.base_price_cents)
  FROM "buildings" b
  WHERE b.id = p.building_id AND p.for_sale;
--> statement-breakpoint
-- The building of each journal written before journals kept it, with the name it most likely had then: a purchase
-- from the game had no owner's name; a sale, the name its bid recorded when it was accepted; a development, its
-- owner's name for it while they still own it.
UPDATE "ledger_journals" j SET "building_id" = pu.building_id, "building_name" = coalesce(bl.name, bl.address)
  FROM "purchases" pu JOIN "buildings" bl ON bl.id = pu.building_id
  WHERE j.kind IN ('purchase', 'purchase-credits', 'purchase-credits-release') AND pu.id::text = j.reference;
--> statement-breakpoint
UPDATE "ledger_journals" j SET "building_id" = bi.building_id,
  "building_name" = coalesce(bi.building_name, bl.name, bl.address)
  FROM "bids" bi JOIN "buildings" bl ON bl.id = bi.building_id
  WHERE j.kind = 'sale' AND bi.id::text = j.reference;
--> statement-breakpoint
UPDATE "ledger_journals" j SET "building_id" = d.building_id,
  "building_name" = CASE WHEN pr.owner_id = d.user_id THEN coalesce(pr.custom_name, bl.name, bl.address)
                         ELSE coalesce(bl.name, bl.address) END
  FROM "developments" d JOIN "buildings" bl ON bl.id = d.building_id
  LEFT JOIN "properties" pr ON pr.building_id = d.building_id
  WHERE j.kind IN ('development', 'development-credits', 'development-credits-release') AND d.id::text = j.reference;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_ask_while_for_sale" CHECK (not "properties"."for_sale" or "properties"."ask_cents" is not null);