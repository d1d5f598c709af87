import { AppError } from "@mx/kit/errors";
import { MARKET } from "@mx/shared/constants";
import type { MarketBuildingData } from "@mx/shared/schemas/market";
import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { listTrades } from "./list-trades";
import { neighborhoodMedian, per1000Sqft, windowStart } from "./market-index";

/**
 * One building's market: its ask, the amounts of its pending bids (never who made them), its last trades, and its
 * price per square foot beside its neighbourhood's median over the index's window.
 */
export async function buildingMarket(q: Queryable, buildingId: string): Promise<MarketBuildingData> {
  const [row] = await q
    .select({
      neighborhood: buildings.neighborhood,
      floorArea: buildings.floorAreaSqft,
      base: buildings.basePriceCents,
      price: properties.priceCents,
      ask: properties.askCents,
      forSale: properties.forSale,
    })
    .from(buildings)
    .leftJoin(properties, eq(properties.buildingId, buildings.id))
    .where(eq(buildings.id, buildingId));
  if (!row) throw new AppError("NOT_FOUND", `No building with id ${buildingId}.`);
  const [pending, trades, median] = await Promise.all([
    q
      .select({ amount: bids.amountCents })
      .from(bids)
      .where(and(eq(bids.buildingId, buildingId), eq(bids.status, "pending")))
      .orderBy(desc(bids.amountCents)),
    listTrades(q, { buildingId, limit: MARKET.buildingTrades, offset: 0 }),
    row.neighborhood
      ? neighborhoodMedian(q, row.neighborhood, windowStart(MARKET.indexDays))
      : Promise.resolve({ median: null, trades: 0 }),
  ]);
  const ask = row.forSale ? row.ask : null;
  // What a buyer would pay now: the ask while listed, else the building's value.
  const priceCents = ask ?? row.price ?? row.base;
  const perSqft = row.floorArea > 0 ? priceCents / 100 / row.floorArea : null;
  const amounts = pending.map((b) => b.amount / 100);
  return {
    buildingId,
    neighborhood: row.neighborhood,
    ask: ask === null ? null : ask / 100,
    bids: amounts,
    bestBid: amounts[0] ?? null,
    bidCount: amounts.length,
    lastTrades: trades.trades,
    pricePer1000Sqft: perSqft === null ? null : per1000Sqft(perSqft),
    neighborhoodMedianPer1000Sqft: median.median === null ? null : per1000Sqft(median.median),
    versusMedianPct:
      perSqft === null || median.median === null || median.median <= 0
        ? null
        : Math.round((perSqft / median.median - 1) * 100),
    neighborhoodTrades: median.trades,
  };
}
