CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"building_id" text NOT NULL,
	"neighborhood" text,
	"floor_area_sqft" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"seller_id" uuid,
	"buyer_id" uuid
);
--> statement-breakpoint
CREATE INDEX "trades_at_idx" ON "trades" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "trades_building_at_idx" ON "trades" USING btree ("building_id","at","id");--> statement-breakpoint
CREATE INDEX "trades_neighborhood_at_idx" ON "trades" USING btree ("neighborhood","at","id");--> statement-breakpoint
-- A completed purchase is a first sale: its row follows the purchase (written, changed or gone with it).
CREATE FUNCTION "trades_of_purchase"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.status <> 'completed' THEN
    DELETE FROM "trades" WHERE "id" = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO "trades" ("id", "building_id", "neighborhood", "floor_area_sqft", "price_cents", "at", "kind", "seller_id", "buyer_id")
    SELECT NEW.id, NEW.building_id, b.neighborhood, b.floor_area_sqft, NEW.price_cents, NEW.updated_at, 'first-sale', NULL, NEW.user_id
    FROM "buildings" b WHERE b.id = NEW.building_id
  ON CONFLICT ("id") DO UPDATE SET "building_id" = excluded.building_id, "neighborhood" = excluded.neighborhood,
    "floor_area_sqft" = excluded.floor_area_sqft, "price_cents" = excluded.price_cents, "at" = excluded.at,
    "seller_id" = excluded.seller_id, "buyer_id" = excluded.buyer_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_insert" AFTER INSERT ON "purchases"
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION "trades_of_purchase"();
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_update" AFTER UPDATE ON "purchases"
  FOR EACH ROW WHEN (OLD.status = 'completed' OR NEW.status = 'completed') EXECUTE FUNCTION "trades_of_purchase"();
--> statement-breakpoint
CREATE TRIGGER "purchases_trades_delete" AFTER DELETE ON "purchases"
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION "trades_of_purchase"();
--> statement-breakpoint
-- An accepted bid is a resale, from the building's owner to the bidder.
CREATE FUNCTION "trades_of_bid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.status <> 'accepted' THEN
    DELETE FROM "trades" WHERE "id" = OLD.id;
    RETURN NULL;
  END IF;
  INSERT INTO "trades" ("id", "building_id", "neighborhood", "floor_area_sqft", "price_cents", "at", "kind", "seller_id", "buyer_id")
    SELECT NEW.id, NEW.building_id, b.neighborhood, b.floor_area_sqft, NEW.amount_cents, coalesce(NEW.decided_at, NEW.updated_at), 'resale', NEW.owner_id, NEW.bidder_id
    FROM "buildings" b WHERE b.id = NEW.building_id
  ON CONFLICT ("id") DO UPDATE SET "building_id" = excluded.building_id, "neighborhood" = excluded.neighborhood,
    "floor_area_sqft" = excluded.floor_area_sqft, "price_cents" = excluded.price_cents, "at" = excluded.at,
    "seller_id" = excluded.seller_id, "buyer_id" = excluded.buyer_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bids_trades_insert" AFTER INSERT ON "bids"
  FOR EACH ROW WHEN (NEW.status = 'accepted') EXECUTE FUNCTION "trades_of_bid"();
--> statement-breakpoint
CREATE TRIGGER "bids_trades_update" AFTER UPDATE ON "bids"
  FOR EACH ROW WHEN (OLD.status = 'accepted' OR NEW.status = 'accepted') EXECUTE FUNCTION "trades_of_bid"();
--> statement-breakpoint
CREATE TRIGGER "bids_trades_delete" AFTER DELETE ON "bids"
  FOR EACH ROW WHEN (OLD.status = 'accepted') EXECUTE FUNCTION "trades_of_bid"();
--> statement-breakpoint
-- A re-import that moves a building to another neighbourhood or changes its floor area moves its trades too.
CREATE FUNCTION "trades_of_building"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trades" SET "neighborhood" = NEW.neighborhood, "floor_area_sqft" = NEW.floor_area_sqft
    WHERE "building_id" = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "buildings_trades" AFTER UPDATE OF "neighborhood", "floor_area_sqft" ON "buildings"
  FOR EACH ROW WHEN (OLD.neighborhood IS DISTINCT FROM NEW.neighborhood OR OLD.floor_area_sqft <> NEW.floor_area_sqft)
  EXECUTE FUNCTION "trades_of_building"();
--> statement-breakpoint
-- The trades made before this table.
INSERT INTO "trades" ("id", "building_id", "neighborhood", "floor_area_sqft", "price_cents", "at", "kind", "seller_id", "buyer_id")
  SELECT p.id, p.building_id, b.neighborhood, b.floor_area_sqft, p.price_cents, p.updated_at, 'first-sale', NULL, p.user_id
  FROM "purchases" p JOIN "buildings" b ON b.id = p.building_id WHERE p.status = 'completed'
  UNION ALL
  SELECT d.id, d.building_id, b.neighborhood, b.floor_area_sqft, d.amount_cents, coalesce(d.decided_at, d.updated_at), 'resale', d.owner_id, d.bidder_id
  FROM "bids" d JOIN "buildings" b ON b.id = d.building_id WHERE d.status = 'accepted';
