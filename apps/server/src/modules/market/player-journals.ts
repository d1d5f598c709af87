import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accounts } from "../ledger/ledger";

/** One of a player's journals, read from the ledger, with what each of its entries means for them. */
export type PlayerJournal = {
  id: string;
  kind: string;
  reference: string;
  at: number;
  /** The journal's time to the microsecond, in seconds: orders journals made within the same second. */
  exactAt: number;
  /** Signed cents by account, as posted. */
  entries: Map<string, number>;
  /** For a purchase or a sale: the building, its price, and whether the player bought or sold. */
  trade: { buildingId: string; name: string; priceCents: number; side: "buyer" | "seller" } | null;
};

const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

type Row = {
  id: string;
  kind: string;
  reference: string;
  at: number;
  accounts: string[] | null;
  amounts: number[] | null;
  p_building: string | null;
  p_price: number | null;
  b_building: string | null;
  b_price: number | null;
  b_bidder: string | null;
  building_name: string | null;
};

/**
 * Every journal that moves the player's money, oldest first: those touching their earnings or credits accounts,
 * and the purchases and won bids their card paid for (whose journals name the purchase or the bid, not the player).
 * `before` and `from` bound the journals' times.
 */
export async function playerJournals(
  q: Queryable,
  userId: string,
  window: { from?: Date; before?: Date } = {},
): Promise<PlayerJournal[]> {
  const own = [accounts.earnings(userId), accounts.credits(userId), accounts.creditsDebt(userId)];
  const bounds = [
    window.from ? sql` and j.created_at >= ${window.from.toISOString()}::timestamptz` : sql``,
    window.before ? sql` and j.created_at < ${window.before.toISOString()}::timestamptz` : sql``,
  ];
  const rows = await queryRows<Row>(
    q,
    sql`with mine as (
          select journal_id as id from ledger_entries
          where account in (${sql.join(
            own.map((a) => sql`${a}`),
            sql`, `,
          )})
          union
          select j.id from purchases p
          join ledger_journals j on j.kind = 'purchase' and j.reference = p.id::text
          where p.user_id = ${userId}
          union
          select j.id from bids b
          join ledger_journals j on j.kind = 'sale' and j.reference = b.id::text
          where b.bidder_id = ${userId} and b.status = 'accepted'
        ),
        -- Each journal with its purchase or bid and the building's name, looked up once per journal (materialised,
        -- so not again for each of its entries).
        journals as materialized (
          select j.id, j.kind, j.reference, j.created_at,
                 p.building_id as p_building, p.price_cents as p_price,
                 b.building_id as b_building, b.amount_cents as b_price, b.bidder_id as b_bidder,
                 coalesce(pr.custom_name, bl.name, bl.address) as building_name
          from ledger_journals j
          -- Purchases and sales are referenced by their uuid: compared as uuids, the primary keys are used.
          left join purchases p on p.id = case when j.kind = 'purchase' and j.reference ~ ${UUID_PATTERN} then j.reference::uuid end
          left join bids b on b.id = case when j.kind = 'sale' and j.reference ~ ${UUID_PATTERN} then j.reference::uuid end
          left join buildings bl on bl.id = coalesce(p.building_id, b.building_id)
          left join properties pr on pr.building_id = bl.id
          where j.id in (select id from mine)${bounds[0]}${bounds[1]}
        )
        -- One row a journal, its entries as two arrays: a fourth of the rows to send and parse.
        select j.id, j.kind, j.reference, extract(epoch from j.created_at)::float8 as at,
               e.accounts, e.amounts, j.p_building, j.p_price, j.b_building, j.b_price, j.b_bidder,
               j.building_name
        from journals j
        cross join lateral (
          select array_agg(account) as accounts, array_agg(amount_cents) as amounts
          from ledger_entries where journal_id = j.id
        ) e
        order by j.created_at, j.id`,
  );
  const journals: PlayerJournal[] = [];
  for (const r of rows) {
    const entries = new Map<string, number>();
    (r.accounts ?? []).forEach((account, i) => {
      entries.set(account, (entries.get(account) ?? 0) + Number(r.amounts?.[i] ?? 0));
    });
    journals.push({
      id: r.id,
      kind: r.kind,
      reference: r.reference,
      at: Math.floor(Number(r.at)),
      exactAt: Number(r.at),
      entries,
      trade: r.p_building
        ? {
            buildingId: r.p_building,
            name: r.building_name ?? r.p_building,
            priceCents: r.p_price ?? 0,
            side: "buyer",
          }
        : r.b_building
          ? {
              buildingId: r.b_building,
              name: r.building_name ?? r.b_building,
              priceCents: r.b_price ?? 0,
              side: r.b_bidder === userId ? "buyer" : "seller",
            }
          : null,
    });
  }
  return journals;
}

/** What a purchase or a won bid cost the player, split as the ledger posted it. */
export function costOf(j: PlayerJournal) {
  const card = -(j.entries.get(accounts.cardFunding) ?? 0);
  const credits = -(j.entries.get(accounts.creditsHeld) ?? 0);
  const tax = j.entries.get(accounts.salesTaxPayable) ?? 0;
  const allFees = j.entries.get(accounts.platformFees) ?? 0;
  const price = j.trade?.priceCents ?? 0;
  // A resale's fee entry holds the seller's fee too: the buyer's part is what they paid beyond price and tax.
  const fees = j.kind === "sale" ? card - price - tax : allFees;
  return { card, credits, fees, tax, price };
}

/** What a sale brought the seller: the price, their earnings from it and the fee kept. */
export function proceedsOf(j: PlayerJournal, userId: string) {
  const proceeds = j.entries.get(accounts.earnings(userId)) ?? 0;
  const price = j.trade?.priceCents ?? proceeds;
  return { price, proceeds, fee: price - proceeds };
}
