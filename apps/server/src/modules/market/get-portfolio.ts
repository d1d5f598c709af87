import { queryRows } from "@mx/kit/sql";
import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import type { Holding, PortfolioData, RealisedSale } from "@mx/shared/schemas/market";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { displayName } from "../buildings/present-property";
import { activeYears } from "./active-years";
import { costOf, playerJournals, proceedsOf } from "./player-journals";

type HeldRow = {
  property_id: string;
  building_id: string;
  custom_name: string | null;
  data_name: string | null;
  address: string | null;
  neighborhood: string | null;
  lat: number;
  lng: number;
  price_cents: number;
  for_sale: boolean;
  best_bid: number | null;
  updated_at: number;
};

type Acquisition = { at: number; paid: number; price: number };

const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * The caller's holdings and realised sales, every figure from the ledger's journals: what each building cost them
 * (card payment of price, fee and tax; credits are not money they paid), what a sale at the ask or the best bid
 * would bring after the processing fee, and each sale's gain against the cost of the purchase it ended.
 */
export async function getPortfolio(q: Queryable, userId: string): Promise<PortfolioData> {
  const [journals, held, years] = await Promise.all([
    playerJournals(q, userId),
    queryRows<HeldRow>(
      q,
      sql`select p.id as property_id, b.id as building_id, p.custom_name, b.name as data_name, b.address,
                 b.neighborhood, b.lat, b.lng, p.price_cents, p.for_sale,
                 (select max(amount_cents) from bids where building_id = p.building_id and status = 'pending')
                   as best_bid,
                 extract(epoch from p.updated_at)::float8 as updated_at
          from properties p join buildings b on b.id = p.building_id
          where p.owner_id = ${userId}
            -- The buildings named by id: looked up one by one in their primary key. Joined on the owner alone, a
            -- thousand holdings were hash-joined with a scan of the whole catalogue, several times slower.
            and b.id = any(array(select building_id from properties where owner_id = ${userId}))
          order by b.id`,
    ),
    activeYears(q, userId),
  ]);

  const names = new Map(
    held.map((h) => [h.building_id, displayName({ ...h, customName: h.custom_name, dataName: h.data_name })]),
  );
  // Each building's acquisitions in order; a sale ends the latest one before it.
  const open = new Map<string, Acquisition[]>();
  const realised: RealisedSale[] = [];
  let fees = 0;
  let tax = 0;
  let creditsSpent = 0;
  for (const j of journals) {
    if (!j.trade) continue;
    const { buildingId } = j.trade;
    if (j.trade.side === "buyer") {
      const cost = costOf(j);
      fees += cost.fees;
      tax += cost.tax;
      creditsSpent += cost.credits;
      const list = open.get(buildingId) ?? [];
      list.push({ at: j.at, paid: cost.card, price: cost.price });
      open.set(buildingId, list);
    } else {
      const sale = proceedsOf(j, userId);
      fees += sale.fee;
      const bought = open.get(buildingId)?.pop();
      const cost = bought?.paid ?? 0;
      realised.push({
        buildingId,
        name: names.get(buildingId) ?? buildingId,
        price: dollars(sale.price),
        proceeds: dollars(sale.proceeds),
        cost: dollars(cost),
        gain: dollars(sale.proceeds - cost),
        at: j.at,
      });
    }
  }
  const soldNames = await namesOf(
    q,
    realised.filter((r) => !names.has(r.buildingId)).map((r) => r.buildingId),
  );
  for (const r of realised) r.name = names.get(r.buildingId) ?? soldNames.get(r.buildingId) ?? r.name;

  const holdings: Holding[] = held.map((h) => {
    const bought = open.get(h.building_id)?.at(-1);
    const paid = bought?.paid ?? 0;
    const price = bought?.price ?? h.price_cents;
    const ask = h.for_sale ? h.price_cents : null;
    const net = (cents: number | null) => (cents === null ? null : cents - ASK_PROCESSING_FEE_CENTS);
    const value = net(ask) ?? (net(price) as number);
    return {
      buildingId: h.building_id,
      propertyId: h.property_id,
      name: names.get(h.building_id) ?? h.building_id,
      neighborhood: h.neighborhood,
      location: { lat: h.lat, lng: h.lng },
      paid: dollars(paid),
      price: dollars(price),
      ask: ask === null ? null : dollars(ask),
      bestBid: h.best_bid === null ? null : dollars(h.best_bid),
      netIfSoldAtAsk: ask === null ? null : dollars(ask - ASK_PROCESSING_FEE_CENTS),
      netIfBestBidAccepted: h.best_bid === null ? null : dollars(h.best_bid - ASK_PROCESSING_FEE_CENTS),
      unrealised: dollars(value - paid),
      acquiredAt: bought?.at ?? Math.floor(Number(h.updated_at)),
    };
  });
  const sum = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
  return {
    holdings,
    realised: realised.reverse(),
    totals: {
      holdings: holdings.length,
      paid: dollars(sum(holdings.map((h) => h.paid))),
      value: dollars(held.reduce((s, h) => s + h.price_cents, 0)),
      unrealised: dollars(sum(holdings.map((h) => h.unrealised))),
      realised: dollars(sum(realised.map((r) => r.gain))),
      fees: dollars(fees),
      tax: dollars(tax),
      creditsSpent: dollars(creditsSpent),
    },
    activeYears: years,
  };
}

async function namesOf(q: Queryable, buildingIds: string[]): Promise<Map<string, string>> {
  if (buildingIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    custom_name: string | null;
    name: string | null;
    address: string | null;
  }>(
    q,
    sql`select b.id, p.custom_name, b.name, b.address from buildings b
        left join properties p on p.building_id = b.id
        where b.id in (${sql.join(
          [...new Set(buildingIds)].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [r.id, displayName({ customName: r.custom_name, dataName: r.name, address: r.address })]),
  );
}
