-- A completed purchase's trade row is kept by one trigger call per statement, not one per row: a batch of purchases
-- settled by one statement writes its trades with one insert. Same rule as 0025's row triggers: the row follows the
-- purchase (written, changed or gone with it).
DROP TRIGGER "purchases_trades_insert" ON "purchases";
--> statement-breakpoint
DROP TRIGGER "purchases_trades_update" ON "purchases";
--> statement-breakpoint
DROP TRIGGER "purchases_trades_delete" ON "purchases";
--> statement-breakpoint
DROP FUNCTION "trades_of_purchase"();
--> statement-breakpoint
-- Each branch names only the transition tables its event has (an insert has no old rows, a delete no new ones).
CREATE FUNCTION "trades_of_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "trades" t USING "old_rows" o WHERE t."id" = o."id" AND o."status" = 'completed';
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "trades" t USING "old_rows" o
    WHERE t."id" = o."id" AND o."status" = 'completed'
      AND NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."id" = o."id" AND n."status" = 'completed');
  END IF;
  INSERT INTO "trades" ("id", "building_id", "neighborhood", "floor_area_sqft", "price_cents", "at", "kind", "seller_id", "buyer_id")
    SELECT n."id", n."building_id", b."neighborhood", b."floor_area_sqft", n."price_cents", n."updated_at", 'first-sale', NULL, n."user_id"
    FROM "new_rows" n JOIN "buildings" b ON b."id" = n."building_id"
    WHERE n."status" = 'completed'
  ON CONFLICT ("id") DO UPDATE SET "building_id" = excluded.building_id, "neighborhood" = excluded.neighborhood,
    "floor_area_sqft" = excluded.floor_area_sqft, "price_cents" = excluded.price_cents, "at" = excluded.at,
    "seller_id" = excluded.seller_id, "buyer_id" = excluded.buyer_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_insert" AFTER INSERT ON "purchases"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trades_of_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_update" AFTER UPDATE ON "purchases"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trades_of_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_delete" AFTER DELETE ON "purchases"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trades_of_purchases"();
