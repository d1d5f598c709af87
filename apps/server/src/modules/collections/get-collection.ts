import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import type { CollectionDetail } from "@mx/shared/schemas/collections";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CollectionCatalogue, idArray } from "./catalogue";
import { currentHolders } from "./holders";
import { summaryOf } from "./list-collections";

type MemberRow = {
  id: string;
  name: string | null;
  neighborhood: string | null;
  price_cents: number | null;
  base_price_cents: number;
  for_sale: boolean | null;
  owner_id: string | null;
  owner_name: string | null;
  owner_color: string | null;
  lat: number;
  lng: number;
};

/**
 * One collection with its members: each one's name, value, owner and colour, as anyone sees it (`myCount` null),
 * with the members' owners' ids for a viewer's progress (`withViewer`). 404 for an unknown id.
 */
export async function getCollection(
  db: Db,
  catalogue: CollectionCatalogue,
  id: string,
): Promise<{ detail: CollectionDetail; ownerIds: (string | null)[] }> {
  const collection = catalogue.get(id);
  if (!collection) throw new AppError("NOT_FOUND", `No collection with id ${id}.`);
  const rows = await queryRows<MemberRow>(
    db,
    sql`select b.id, coalesce(p.custom_name, b.name, b.address) as name, b.neighborhood, p.price_cents,
      b.base_price_cents, p.for_sale, p.owner_id::text as owner_id,
      case when u.id is null then null else coalesce(u.user_name, u.full_name) end as owner_name,
      u.building_color as owner_color, b.lat, b.lng
    from buildings b
    left join properties p on p.building_id = b.id
    left join users u on u.id = p.owner_id
    where b.id = any(${idArray(collection.members)})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [holder] = await currentHolders(db, id);
  const members = collection.members.flatMap((memberId) => {
    const r = byId.get(memberId);
    if (!r) return [];
    return [
      {
        buildingId: r.id,
        name: r.name ?? texts.noName,
        neighborhood: r.neighborhood,
        value: (r.price_cents ?? r.base_price_cents) / 100,
        ownerName: r.owner_name,
        ownerColor: r.owner_id ? r.owner_color : null,
        forSale: r.for_sale ?? false,
        location: { lat: r.lat, lng: r.lng },
      },
    ];
  });
  return {
    detail: { ...summaryOf(collection, holder, null), members },
    ownerIds: rows.map((r) => r.owner_id),
  };
}
