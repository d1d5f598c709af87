import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { formatCents } from "@mx/shared/money";
import type { StatementData, StatementRow } from "@mx/shared/schemas/market";
import { and, eq, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { users } from "../../db/schema/users";
import { accounts } from "../ledger/ledger";
import { costOf, type PlayerJournal, playerJournals, proceedsOf } from "./player-journals";

/** `sortAt` (seconds, with fractions) and `order` place movements made within the same second. */
type Movement = Omit<StatementRow, "balance"> & { earningsCents: number; sortAt: number; order: string };

const dollars = (cents: number) => Math.round(cents) / 100;

/** The year's bounds in UTC, refused when before the player's account or after this year. */
async function yearBounds(q: Queryable, userId: string, year: number) {
  const [user] = await q.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  const first = (user?.createdAt ?? new Date()).getUTCFullYear();
  const now = new Date().getUTCFullYear();
  if (year < first)
    throw new AppError("BAD_REQUEST", `year: must not be before ${first}, when your account was made`);
  if (year > now) throw new AppError("BAD_REQUEST", `year: must not be after ${now}`);
  return { from: new Date(Date.UTC(year, 0, 1)), before: new Date(Date.UTC(year + 1, 0, 1)) };
}

/** One journal as the player's statement shows it. */
function movementOf(j: PlayerJournal, userId: string): Movement {
  const e = (account: string) => j.entries.get(account) ?? 0;
  const earningsCents = e(accounts.earnings(userId));
  const credits = e(accounts.credits(userId)) + e(accounts.creditsDebt(userId));
  const base = {
    at: j.at,
    buildingId: j.trade?.buildingId ?? null,
    card: 0,
    credits: dollars(credits),
    fees: 0,
    tax: 0,
    earnings: dollars(earningsCents),
    earningsCents,
    sortAt: j.exactAt,
    order: `1:${j.id}`,
  };
  const building = j.trade?.name ?? "";
  switch (j.kind) {
    case "purchase": {
      const c = costOf(j);
      return {
        ...base,
        kind: "purchase",
        description: `Bought ${building} from the game for ${formatCents(c.price)}`,
        card: dollars(-c.card),
        fees: dollars(c.fees),
        tax: dollars(c.tax),
      };
    }
    case "sale": {
      if (j.trade?.side === "buyer") {
        const c = costOf(j);
        // The card was held when the bid was made; the capture takes what was held.
        return {
          ...base,
          kind: "bid-capture",
          description: `Bid captured: bought ${building} for ${formatCents(c.price)}`,
          fees: dollars(c.fees),
          tax: dollars(c.tax),
        };
      }
      const s = proceedsOf(j, userId);
      return {
        ...base,
        kind: "sale",
        description: j.trade ? `Sold ${building} for ${formatCents(s.price)}` : "Sale",
        fees: dollars(s.fee),
      };
    }
    case "payout":
    case "payout_reversal":
    case "account_refund":
    case "account_refund_reversal": {
      const out = e(accounts.payouts) + e(accounts.refunds);
      const kinds = {
        payout: ["payout", "Payout"],
        payout_reversal: ["payout-reversal", "Payout failed: returned to your balance"],
        account_refund: ["account-refund", "Balance refunded on account deletion"],
        account_refund_reversal: ["account-refund-reversal", "Refund failed: owed again"],
      } as const;
      const [kind, description] = kinds[j.kind];
      return { ...base, kind, description, card: dollars(out), fees: dollars(e(accounts.platformFees)) };
    }
    case "account_forfeit":
      return {
        ...base,
        kind: "forfeit",
        description: "Balance kept as the processing fee",
        fees: dollars(e(accounts.platformFees)),
      };
    case "offerwall-credit":
      return { ...base, kind: "credits-earned", description: "Credits earned" };
    case "offerwall-reversal":
      return { ...base, kind: "credits-reversed", description: "Credits taken back by the partner" };
    case "purchase-credits":
      return { ...base, kind: "credits-spent", description: "Credits spent on a building" };
    case "purchase-credits-release":
      return {
        ...base,
        kind: "credits-returned",
        description: "Credits returned: the purchase did not complete",
      };
    default:
      return { ...base, kind: "sale", description: j.kind };
  }
}

/**
 * Every money movement of the player in a year (UTC), oldest first: the ledger's journals of their purchases,
 * sales, won bids, payouts, refunds and credits, with the card holds of their bids and their releases (which move
 * no ledger money), and the earnings balance after each. The closing balance is the ledger's earnings balance at
 * the year's end (now, for this year).
 */
export async function getStatement(q: Queryable, userId: string, year: number): Promise<StatementData> {
  const { from, before } = await yearBounds(q, userId, year);
  const [journals, opening, holds] = await Promise.all([
    playerJournals(q, userId, { from, before }),
    queryRows<{ balance: number }>(
      q,
      sql`select coalesce(sum(e.amount_cents), 0)::float8 as balance
          from ledger_entries e join ledger_journals j on j.id = e.journal_id
          where e.account = ${accounts.earnings(userId)} and j.created_at < ${from.toISOString()}::timestamptz`,
    ),
    q
      .select({
        id: bids.id,
        buildingId: bids.buildingId,
        amountCents: bids.amountCents,
        totalCents: bids.totalCents,
        status: bids.status,
        createdAt: bids.createdAt,
        releasedAt: bids.holdReleasedAt,
      })
      .from(bids)
      .where(
        and(
          eq(bids.bidderId, userId),
          isNotNull(bids.paymentIntentId),
          or(
            and(gte(bids.createdAt, from), lt(bids.createdAt, before)),
            and(gte(bids.holdReleasedAt, from), lt(bids.holdReleasedAt, before)),
          ),
        ),
      ),
  ]);
  const movements = journals.map((j) => movementOf(j, userId));
  const inYear = (d: Date | null): d is Date => d !== null && d >= from && d < before;
  for (const b of holds) {
    // A bid that failed while its hold was being made never held anything.
    const held = b.status !== "holding" && !(b.status === "failed" && b.releasedAt === null);
    if (!held) continue;
    const common = { buildingId: b.buildingId, credits: 0, fees: 0, tax: 0, earnings: 0, earningsCents: 0 };
    if (inYear(b.createdAt)) {
      const at = Math.floor(b.createdAt.getTime() / 1000);
      movements.push({
        ...common,
        at,
        sortAt: b.createdAt.getTime() / 1000,
        kind: "bid-hold",
        description: `Card hold for a bid of ${formatCents(b.amountCents)} on ${b.buildingId}`,
        card: dollars(-b.totalCents),
        order: `0:${b.id}`,
      });
    }
    if (b.status !== "accepted" && inYear(b.releasedAt)) {
      const at = Math.floor(b.releasedAt.getTime() / 1000);
      movements.push({
        ...common,
        at,
        sortAt: b.releasedAt.getTime() / 1000,
        kind: "bid-release",
        description: `Card hold released: bid of ${formatCents(b.amountCents)} on ${b.buildingId}`,
        card: dollars(b.totalCents),
        order: `2:${b.id}`,
      });
    }
  }
  movements.sort((a, b) => a.sortAt - b.sortAt || a.order.localeCompare(b.order));
  const openingCents = Math.round(Number(opening[0]?.balance ?? 0));
  let balance = openingCents;
  const rows: StatementRow[] = movements.map(({ earningsCents, sortAt: _sortAt, order: _order, ...m }) => {
    balance += earningsCents;
    return { ...m, balance: dollars(balance) };
  });
  return { year, openingBalance: dollars(openingCents), closingBalance: dollars(balance), rows };
}

const CSV_COLUMNS = [
  "date",
  "kind",
  "description",
  "building",
  "card",
  "credits",
  "fees",
  "tax",
  "earnings",
  "balance",
];

function csvField(value: string): string {
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV: one line per movement, dates in UTC (ISO 8601), amounts in dollars with two decimals. */
export function statementCsv(statement: StatementData): string {
  const money = (n: number) => n.toFixed(2);
  const lines = [
    CSV_COLUMNS.join(","),
    ...statement.rows.map((r) =>
      [
        new Date(r.at * 1000).toISOString(),
        r.kind,
        r.description,
        r.buildingId ?? "",
        money(r.card),
        money(r.credits),
        money(r.fees),
        money(r.tax),
        money(r.earnings),
        money(r.balance),
      ]
        .map(csvField)
        .join(","),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
