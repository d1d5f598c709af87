-- A purchase's trade follows its updates a statement at a time, not a row at a time (0025 made it a row trigger): a
-- batch of purchases completed by one statement writes its trades in one insert, from the statement's transition
-- table, instead of running a function and an insert for each purchase. What a trade holds is unchanged. Inserts and
-- deletes keep their row triggers, whose WHEN skips for nothing the pending purchases a reservation inserts; bids
-- keep theirs, since a bid is accepted one at a time.
DROP TRIGGER "purchases_trades_update" ON "purchases";--> statement-breakpoint
-- The purchases no longer completed lose their trades; the completed ones get theirs, written or brought up to date.
CREATE FUNCTION "trades_of_purchases_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "trades" t USING "updated_purchases" n WHERE n.status <> 'completed' AND t.id = n.id;
  INSERT INTO "trades" ("id", "building_id", "neighborhood", "floor_area_sqft", "price_cents", "at", "kind", "seller_id", "buyer_id")
    SELECT n.id, n.building_id, b.neighborhood, b.floor_area_sqft, n.price_cents, n.updated_at, 'first-sale', NULL, n.user_id
    FROM "updated_purchases" n JOIN "buildings" b ON b.id = n.building_id WHERE n.status = 'completed'
  ON CONFLICT ("id") DO UPDATE SET "building_id" = excluded.building_id, "neighborhood" = excluded.neighborhood,
    "floor_area_sqft" = excluded.floor_area_sqft, "price_cents" = excluded.price_cents, "at" = excluded.at,
    "seller_id" = excluded.seller_id, "buyer_id" = excluded.buyer_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_trades_update" AFTER UPDATE ON "purchases"
  REFERENCING NEW TABLE AS "updated_purchases" FOR EACH STATEMENT EXECUTE FUNCTION "trades_of_purchases_updated"();
