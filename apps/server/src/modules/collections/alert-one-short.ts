import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { alertOn } from "../alerts/alert-on";
import { recordActivities } from "../events/publish";
import { type CollectionCatalogue, idArray } from "./catalogue";

/**
 * A building was put up for sale: every player who owns all the other members of a collection it belongs to (one
 * short of completing it) hears that its last building is for sale. Nothing for a building in no collection; one
 * statement for each collection it belongs to otherwise. A player who switched the alert off (Account Settings) is
 * not told. Call it in the listing's transaction.
 */
export async function alertOneShort(
  q: Queryable,
  catalogue: CollectionCatalogue,
  listing: { buildingId: string; sellerId: string; askCents: number },
): Promise<void> {
  const concerned = catalogue.of([listing.buildingId]);
  if (concerned.length === 0) return;
  const [named] = await queryRows<{ name: string }>(
    q,
    sql`select coalesce(p.custom_name, b.name, b.address, ${texts.noName}) as name
      from properties p join buildings b on b.id = p.building_id where p.building_id = ${listing.buildingId}`,
  );
  const propertyName = named?.name ?? texts.noName;
  for (const collection of concerned) {
    const others = collection.members.filter((id) => id !== listing.buildingId);
    if (others.length === 0) continue;
    await recordActivities(
      q,
      sql`select p.owner_id from properties p
        where p.building_id = any(${idArray(others)}) and p.owner_id is not null and p.owner_id <> ${listing.sellerId}::uuid
        group by p.owner_id having count(*) = ${others.length}
          and ${alertOn(sql`p.owner_id`, "collection.one_short_listed")}`,
      "collection.one_short_listed",
      {
        collectionId: collection.id,
        collectionName: collection.name,
        buildingId: listing.buildingId,
        propertyName,
        ask: listing.askCents / 100,
      },
    );
  }
}
