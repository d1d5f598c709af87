import type { PricePoint } from "@mx/shared/schemas/properties";
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { priceHistory } from "../../db/schema/buildings";
import { requireBuilding } from "../buildings/require-building";

/**
 * The building's value over time, oldest first: every price it changed hands at (`trade`), and the value each
 * finished development raised it to (`development`, a marked point, never a sale).
 */
export async function getPriceHistory(q: Queryable, buildingId: string): Promise<PricePoint[]> {
  await requireBuilding(q, buildingId);
  const rows = await q
    .select({
      priceCents: priceHistory.priceCents,
      createdAt: priceHistory.createdAt,
      kind: priceHistory.kind,
    })
    .from(priceHistory)
    .where(eq(priceHistory.buildingId, buildingId))
    .orderBy(asc(priceHistory.createdAt), asc(priceHistory.id));
  return rows.map((r) => ({
    insertDate: Math.floor(r.createdAt.getTime() / 1000),
    bidAmount: r.priceCents / 100,
    kind: r.kind,
  }));
}
