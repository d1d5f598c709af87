import { queryRows } from "@mx/kit/sql";
import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import type {
  Holding,
  HoldingDevelopment,
  HoldingPurchase,
  PortfolioData,
  PortfolioYear,
  RealisedSale,
} from "@mx/shared/schemas/market";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { displayName } from "../buildings/present-property";
import { bidHolds, statementMovements, sumsOf, totalsInDollars } from "./get-statement";
import { costOf, type PlayerJournal, playerJournals, proceedsOf, saleRefundOf } from "./player-journals";
import type { Movement } from "./statement-movement";

type HeldRow = {
  property_id: string;
  building_id: string;
  custom_name: string | null;
  data_name: string | null;
  address: string | null;
  neighborhood: string | null;
  lat: number;
  lng: number;
  value_cents: number;
  ask_cents: number | null;
  best_bid: number | null;
  updated_at: number;
};

/** One spell of owning a building, in cents: its purchase and the developments paid for since. */
type Ownership = {
  at: number;
  purchase: (Omit<HoldingPurchase, "at"> & { card: number }) | null;
  developments: (HoldingDevelopment & { card: number })[];
};

const dollars = (cents: number) => Math.round(cents) / 100;
const paidFor = (o: Ownership) => (o.purchase?.total ?? 0) + o.developments.reduce((s, d) => s + d.total, 0);
const invested = (o: Ownership) => o.developments.reduce((s, d) => s + d.total, 0);

/**
 * The caller's holdings and realised sales, every figure from the ledger's journals (the rows of their statement):
 * what each building cost them to buy (price, fee, tax) and what they invested in it (each development's cost, fee
 * and tax, constructions under way included), what it is worth (its value, never the ask), what a sale at the ask
 * or the best bid would bring after the processing fee, and each sale's gain against everything paid for it. The
 * totals add up the same rows as the statement: a year's statement adds up to that year's line in `years`, and
 * every fee and tax in the totals is a fee or tax of some statement row.
 */
export async function getPortfolio(q: Queryable, userId: string): Promise<PortfolioData> {
  const [journals, held, holds] = await Promise.all([
    playerJournals(q, userId),
    queryRows<HeldRow>(
      q,
      sql`select p.id as property_id, b.id as building_id, p.custom_name, b.name as data_name, b.address,
                 b.neighborhood, b.lat, b.lng, p.price_cents as value_cents,
                 case when p.for_sale then p.ask_cents end as ask_cents,
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
    bidHolds(q, userId),
  ]);

  const { open, realised, fees, tax, cardPaid } = ownerships(journals, userId);
  const movements = statementMovements(journals, holds, userId);
  // Fees of money sent out (payouts, refunds, a forfeited balance) are fees the player paid too.
  const moneyOutFees = movements.filter((m) => MONEY_OUT.has(m.kind)).reduce((s, m) => s + m.fees, 0);
  const creditsSpent = movements
    .filter((m) => m.kind === "credits-spent" || m.kind === "credits-returned")
    .reduce((s, m) => s - m.credits, 0);

  const holdings: Holding[] = held.map((h) => holdingOf(h, open.get(h.building_id)));
  const years = yearlyTotals(movements);

  const sum = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
  return {
    holdings,
    realised: realised.reverse(),
    totals: {
      holdings: holdings.length,
      paid: dollars(sum(holdings.map((h) => h.paid))),
      invested: dollars(sum(holdings.map((h) => h.invested))),
      value: dollars(held.reduce((s, h) => s + h.value_cents, 0)),
      unrealised: dollars(sum(holdings.map((h) => h.unrealised))),
      realised: dollars(sum(realised.map((r) => r.gain))),
      fees: dollars(fees + moneyOutFees),
      tax: dollars(tax),
      creditsSpent: dollars(creditsSpent),
      cardPaid: dollars(cardPaid),
    },
    activeYears: years.map((y) => y.year),
    years,
  };
}

/** A building the player holds, with what it cost them (`owned`: their spell of owning it, from the ledger). */
function holdingOf(h: HeldRow, owned: Ownership | undefined): Holding {
  const paid = owned ? paidFor(owned) : 0;
  const price = owned?.purchase?.price ?? h.value_cents;
  // What the building is worth is its own value, net of the fee a sale would cost: an ask changes none of it.
  const worth = h.value_cents - ASK_PROCESSING_FEE_CENTS;
  return {
    buildingId: h.building_id,
    propertyId: h.property_id,
    name: displayName({ customName: h.custom_name, dataName: h.data_name, address: h.address }),
    neighborhood: h.neighborhood,
    location: { lat: h.lat, lng: h.lng },
    purchase: owned?.purchase
      ? {
          price: dollars(owned.purchase.price),
          fee: dollars(owned.purchase.fee),
          tax: dollars(owned.purchase.tax),
          total: dollars(owned.purchase.total),
          credits: dollars(owned.purchase.credits),
          at: owned.at,
        }
      : null,
    developments: (owned?.developments ?? []).map(({ card: _card, ...d }) => ({
      ...d,
      cost: dollars(d.cost),
      fee: dollars(d.fee),
      tax: dollars(d.tax),
      total: dollars(d.total),
      credits: dollars(d.credits),
    })),
    invested: dollars(owned ? invested(owned) : 0),
    paid: dollars(paid),
    price: dollars(price),
    value: dollars(h.value_cents),
    ask: h.ask_cents === null ? null : dollars(h.ask_cents),
    bestBid: h.best_bid === null ? null : dollars(h.best_bid),
    netIfSoldAtAsk: h.ask_cents === null ? null : dollars(h.ask_cents - ASK_PROCESSING_FEE_CENTS),
    netIfBestBidAccepted: h.best_bid === null ? null : dollars(h.best_bid - ASK_PROCESSING_FEE_CENTS),
    unrealised: dollars(worth - paid),
    acquiredAt: owned?.at ?? Math.floor(Number(h.updated_at)),
  };
}

/** Each year's statement totals, from the same rows, newest first. */
function yearlyTotals(movements: Movement[]): PortfolioYear[] {
  const byYear = new Map<number, typeof movements>();
  for (const m of movements) {
    const year = new Date(m.at * 1000).getUTCFullYear();
    byYear.set(year, [...(byYear.get(year) ?? []), m]);
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, rows]) => ({ year, ...totalsInDollars(sumsOf(rows)) }));
}

/** Statement rows of money sent out of the earnings, whose fees are the player's. */
const MONEY_OUT = new Set([
  "payout",
  "payout-reversal",
  "account-refund",
  "account-refund-reversal",
  "forfeit",
]);

/** Takes a refunded development (the latest of its level) out of the ownership it was paid in. */
function dropDevelopment(owned: Ownership | undefined, level: number | undefined) {
  if (!owned || level === undefined) return;
  const i = owned.developments.findLastIndex((d) => d.level === level);
  if (i >= 0) owned.developments.splice(i, 1);
}

/** A development journal as one of an ownership's developments; `nextLevel` when the journal names none. */
function developmentOf(
  j: PlayerJournal,
  c: ReturnType<typeof costOf>,
  nextLevel: number,
): Ownership["developments"][number] {
  return {
    kind: j.development?.kind ?? "facade",
    name: j.development?.name ?? "Development",
    level: j.development?.level ?? nextLevel,
    cost: c.price,
    fee: c.fees,
    tax: c.tax,
    total: c.total,
    credits: c.credits,
    card: c.card,
    at: j.at,
    constructing: j.development?.constructing ?? false,
    completesAt: j.development?.constructing ? j.development.completesAt : null,
  };
}

/**
 * The player's spells of ownership, building by building, from their journals in order: a purchase or a won bid
 * opens one, a development adds to the open one, a sale closes it (a realised sale, against everything paid for
 * it). With the fees and tax of every purchase, development, won bid and sale, and what the card paid.
 */
function ownerships(journals: PlayerJournal[], userId: string) {
  const open = new Map<string, Ownership>();
  const realised: RealisedSale[] = [];
  let fees = 0;
  let tax = 0;
  let cardPaid = 0;
  for (const j of journals) {
    if (!j.building) continue;
    const { id: buildingId, name } = j.building;
    const buying = j.kind === "purchase" || (j.kind === "sale" && j.trade?.side === "buyer");
    if (buying) {
      const c = costOf(j);
      fees += c.fees;
      tax += c.tax;
      cardPaid += c.card;
      open.set(buildingId, {
        at: j.at,
        purchase: {
          price: c.price,
          fee: c.fees,
          tax: c.tax,
          total: c.total,
          credits: c.credits,
          card: c.card,
        },
        developments: [],
      });
    } else if (j.kind === "development") {
      const c = costOf(j);
      fees += c.fees;
      tax += c.tax;
      cardPaid += c.card;
      const owned = open.get(buildingId) ?? { at: j.at, purchase: null, developments: [] };
      owned.developments.push(developmentOf(j, c, owned.developments.length + 1));
      open.set(buildingId, owned);
    } else if (j.kind === "sale_refund" && j.trade?.side === "buyer") {
      // A won bid given back (an early fraud warning): what the capture took comes back; the building is not held.
      const c = saleRefundOf(j);
      fees += c.fees;
      tax += c.tax;
      cardPaid += c.card;
      open.delete(buildingId);
    } else if (j.kind === "purchase_refund") {
      // A purchase taken back: its fee, tax and charge come back, and the building is no longer held.
      const c = costOf(j);
      fees += c.fees;
      tax += c.tax;
      cardPaid += c.card;
      open.delete(buildingId);
    } else if (j.kind === "development_refund") {
      // A development taken back: its fee, tax and charge come back, and nothing is invested in it any more.
      const c = costOf(j);
      fees += c.fees;
      tax += c.tax;
      cardPaid += c.card;
      dropDevelopment(open.get(buildingId), j.development?.level);
    } else if (j.kind === "sale" && j.trade?.side === "seller") {
      const sale = proceedsOf(j, userId);
      fees += sale.fee;
      const owned = open.get(buildingId);
      open.delete(buildingId);
      const cost = owned ? paidFor(owned) : 0;
      realised.push({
        buildingId,
        name,
        price: dollars(sale.price),
        proceeds: dollars(sale.proceeds),
        cost: dollars(cost),
        gain: dollars(sale.proceeds - cost),
        at: j.at,
      });
    }
  }
  return { open, realised, fees, tax, cardPaid };
}
