import { queryRows } from "@mx/kit/sql";
import { DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { UUID_PATTERN } from "@mx/shared/uuid";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accounts, JOURNAL_KINDS, type JournalKind } from "../ledger/ledger";

/** One of a player's journals, read from the ledger, with what each of its entries means for them. */
export type PlayerJournal = {
  id: string;
  kind: JournalKind;
  reference: string;
  at: number;
  /** The journal's time to the microsecond, in seconds: orders journals made within the same second. */
  exactAt: number;
  /** Signed cents by account, as posted. */
  entries: Map<string, number>;
  /**
   * The building the money moved for, with the name it had then (kept with the journal when it was written; the
   * building's data name or address for the few older journals that had none), never a raw id.
   */
  building: { id: string; name: string } | null;
  /** For a purchase or a sale: its price, and whether the player bought or sold. */
  trade: { priceCents: number; side: "buyer" | "seller" } | null;
  /** Proceeds held back because the buyer's payment was refunded after a fraud warning (not a dispute). */
  fraudWarning: boolean;
  /** For a development or its credits: which one, and where it stands now. */
  development: {
    kind: DevelopmentKind;
    name: string;
    level: number;
    costCents: number;
    /** Its construction is under way (paid, not finished yet). */
    constructing: boolean;
    /** Epoch seconds, once construction began. */
    completesAt: number | null;
  } | null;
};

/** The UUID check in SQL (`~`): a journal's reference is read as a uuid only when it is one. */
const UUID_SQL = UUID_PATTERN.source;

type Row = {
  id: string;
  kind: string;
  reference: string;
  at: number;
  accounts: string[] | null;
  amounts: number[] | null;
  building_id: string | null;
  building_name: string | null;
  p_price: number | null;
  b_price: number | null;
  b_bidder: string | null;
  d_kind: string | null;
  d_level: number | null;
  d_cost: number | null;
  d_state: string | null;
  d_completes: number | null;
  fraud_warning: boolean | null;
};

const KINDS: ReadonlySet<string> = new Set(JOURNAL_KINDS);

/** A journal kind read from the database, or an error: a kind the statement does not know is never guessed at. */
function journalKindOf(kind: string): JournalKind {
  if (!KINDS.has(kind)) throw new Error(`journal kind ${kind} is not one the statement knows`);
  return kind as JournalKind;
}

/**
 * Every journal that moves the player's money, oldest first: those touching their earnings or credits accounts,
 * and the purchases, won bids and developments their card paid for (whose journals name the purchase, the bid or
 * the development, not the player). `before` and `from` bound the journals' times.
 */
export async function playerJournals(
  q: Queryable,
  userId: string,
  window: { from?: Date; before?: Date } = {},
): Promise<PlayerJournal[]> {
  const rows = await journalRows(q, userId, window);
  return rows.map((r) => journalOf(r, userId));
}

/** The player's journals as the statement reads them: one row a journal, with what it was for, oldest first. */
function journalRows(q: Queryable, userId: string, window: { from?: Date; before?: Date }): Promise<Row[]> {
  const own = [
    accounts.earnings(userId),
    accounts.clearing(userId),
    accounts.credits(userId),
    accounts.creditsDebt(userId),
  ];
  const bounds = [
    window.from ? sql` and j.created_at >= ${window.from.toISOString()}::timestamptz` : sql``,
    window.before ? sql` and j.created_at < ${window.before.toISOString()}::timestamptz` : sql``,
  ];
  return queryRows<Row>(
    q,
    sql`with mine as (
          select journal_id as id from ledger_entries
          where account in (${sql.join(
            own.map((a) => sql`${a}`),
            sql`, `,
          )})
          union
          select j.id from purchases p
          join ledger_journals j on j.kind in ('purchase', 'purchase_refund') and j.reference = p.id::text
          where p.user_id = ${userId}
          union
          select j.id from bids b
          join ledger_journals j on j.kind in ('sale', 'sale_refund') and j.reference = b.id::text
          where b.bidder_id = ${userId} and b.status = 'accepted'
          union
          select j.id from developments d
          join ledger_journals j on j.kind in ('development', 'development_refund') and j.reference = d.id::text
          where d.user_id = ${userId}
        ),
        -- Each journal with its purchase, bid or development, looked up once per journal (materialised, so not
        -- again for each of its entries).
        journals as materialized (
          select j.id, j.kind, j.reference, j.created_at,
                 coalesce(j.building_id, p.building_id, b.building_id, d.building_id) as building_id,
                 j.building_name,
                 p.price_cents as p_price, b.amount_cents as b_price, b.bidder_id as b_bidder,
                 d.kind as d_kind, d.level as d_level, d.cost_cents as d_cost, d.state::text as d_state,
                 extract(epoch from d.completes_at)::float8 as d_completes,
                 fw.id is not null as fraud_warning
          from ledger_journals j
          -- Referenced by their uuid: compared as uuids, the primary keys are used.
          left join purchases p on p.id = case when j.kind in ('purchase', 'purchase-credits', 'purchase-credits-release', 'purchase_refund')
            and j.reference ~ ${UUID_SQL} then j.reference::uuid end
          left join bids b on b.id = case when j.kind in ('sale', 'sale_refund') and j.reference ~ ${UUID_SQL} then j.reference::uuid end
          left join developments d on d.id = case when j.kind in ('development', 'development-credits', 'development-credits-release', 'development_refund')
            and j.reference ~ ${UUID_SQL} then j.reference::uuid end
          left join fraud_warnings fw on fw.id = case when j.kind = 'dispute_clawback'
            and j.reference ~ ${UUID_SQL} then j.reference::uuid end
          where j.id in (select id from mine)${bounds[0]}${bounds[1]}
        )
        -- One row a journal, its entries as two arrays: a fourth of the rows to send and parse. A journal kept
        -- without a name (none when it was written) shows the building's data name or address.
        select j.id, j.kind, j.reference, extract(epoch from j.created_at)::float8 as at,
               e.accounts, e.amounts, j.building_id,
               coalesce(j.building_name, bl.name, bl.address) as building_name,
               j.p_price, j.b_price, j.b_bidder, j.d_kind, j.d_level, j.d_cost, j.d_state, j.d_completes,
               j.fraud_warning
        from journals j
        left join buildings bl on bl.id = j.building_id
        cross join lateral (
          select array_agg(account) as accounts, array_agg(amount_cents) as amounts
          from ledger_entries where journal_id = j.id
        ) e
        order by j.created_at, j.id`,
  );
}

/** One journal row as the player's journal: its entries summed by account, and what it was for. */
function journalOf(r: Row, userId: string): PlayerJournal {
  const entries = new Map<string, number>();
  (r.accounts ?? []).forEach((account, i) => {
    entries.set(account, (entries.get(account) ?? 0) + Number(r.amounts?.[i] ?? 0));
  });
  const kind = journalKindOf(r.kind);
  const devKind = r.d_kind as DevelopmentKind | null;
  return {
    id: r.id,
    kind,
    reference: r.reference,
    at: Math.floor(Number(r.at)),
    exactAt: Number(r.at),
    entries,
    building: r.building_id ? { id: r.building_id, name: r.building_name ?? texts.noName } : null,
    trade:
      kind === "purchase" && r.p_price !== null
        ? { priceCents: r.p_price, side: "buyer" }
        : (kind === "sale" || kind === "sale_refund") && r.b_price !== null
          ? { priceCents: r.b_price, side: r.b_bidder === userId ? "buyer" : "seller" }
          : null,
    fraudWarning: r.fraud_warning === true,
    development:
      devKind && r.d_level !== null && r.d_cost !== null
        ? {
            kind: devKind,
            name: DEVELOPMENTS[devKind]?.name ?? devKind,
            level: r.d_level,
            costCents: r.d_cost,
            constructing: r.d_state === "constructing",
            completesAt: r.d_completes === null ? null : Math.ceil(Number(r.d_completes)),
          }
        : null,
  };
}

/**
 * What a purchase, a won bid or a development cost the player, split as the ledger posted it: the card's charge,
 * the credits it used, and its price (the purchase's or bid's price, the development's cost), fee and tax.
 */
export function costOf(j: PlayerJournal) {
  const card = -(j.entries.get(accounts.cardFunding) ?? 0);
  const credits = -(j.entries.get(accounts.creditsHeld) ?? 0);
  const tax = j.entries.get(accounts.salesTaxPayable) ?? 0;
  const allFees = j.entries.get(accounts.platformFees) ?? 0;
  const price =
    j.kind === "development" || j.kind === "development_refund"
      ? (j.entries.get(accounts.developmentRevenue) ?? 0)
      : (j.trade?.priceCents ?? j.entries.get(accounts.platformRevenue) ?? 0);
  // A resale's fee entry holds the seller's fee too: the buyer's part is what they paid beyond price and tax.
  const fees = j.kind === "sale" ? card + credits - price - tax : allFees;
  return { card, credits, fees, tax, price, total: card + credits };
}

/**
 * What a won bid's refund gave back to its bidder, in costOf's terms (negative: money back): the card's charge, the
 * bidder's fee (the fee entry holds the seller's too) and the tax.
 */
export function saleRefundOf(j: PlayerJournal) {
  const card = -(j.entries.get(accounts.cardFunding) ?? 0);
  const tax = j.entries.get(accounts.salesTaxPayable) ?? 0;
  const price = j.trade?.priceCents ?? 0;
  return { card, tax, fees: card + price - tax };
}

/**
 * What a sale brought the seller: the price, their earnings from it (proceeds clear before they can be withdrawn, but
 * are theirs from the sale on) and the fee kept.
 */
export function proceedsOf(j: PlayerJournal, userId: string) {
  const proceeds =
    (j.entries.get(accounts.earnings(userId)) ?? 0) + (j.entries.get(accounts.clearing(userId)) ?? 0);
  const price = j.trade?.priceCents ?? proceeds;
  return { price, proceeds, fee: price - proceeds };
}
