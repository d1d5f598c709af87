-- A counter that moves whenever anything the map's ownership overlay shows changes: who owns a building, whether
-- it is for sale, or an owner's colour. Servers cache the overlay per value, so an unchanged map costs one read.
CREATE TABLE "map_state_version" ("id" integer PRIMARY KEY CHECK ("id" = 1), "version" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "map_state_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_map_state_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "map_state_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_map_state" AFTER INSERT OR DELETE OR UPDATE OF "owner_id", "for_sale" ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_map_state_version"();
--> statement-breakpoint
CREATE TRIGGER "users_map_state" AFTER UPDATE OF "building_color" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_map_state_version"();
