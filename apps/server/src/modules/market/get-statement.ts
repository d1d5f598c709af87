import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import {
  STATEMENT_COLUMNS,
  type StatementColumn,
  type StatementData,
  type StatementRow,
  type StatementTotals,
} from "@mx/shared/schemas/market";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";
import { accounts } from "../ledger/ledger";
import { type PlayerJournal, playerJournals } from "./player-journals";
import { type Movement, movementOf } from "./statement-movement";

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

/** A bid's card hold as the statement shows it (holds move no ledger money, but the card's). */
export type HeldBid = {
  id: string;
  buildingId: string;
  building: string;
  amountCents: number;
  totalCents: number;
  status: string;
  createdAt: Date;
  releasedAt: Date | null;
};

/** The card holds of the player's bids, made or let go in the window. */
export async function bidHolds(
  q: Queryable,
  userId: string,
  window: { from?: Date; before?: Date } = {},
): Promise<HeldBid[]> {
  const inWindow = (column: string) =>
    sql.join(
      [
        sql.raw(`b.${column} is not null`),
        window.from ? sql`${sql.raw(`b.${column}`)} >= ${window.from.toISOString()}::timestamptz` : sql`true`,
        window.before
          ? sql`${sql.raw(`b.${column}`)} < ${window.before.toISOString()}::timestamptz`
          : sql`true`,
      ],
      sql` and `,
    );
  const rows = await queryRows<{
    id: string;
    building_id: string;
    building: string | null;
    amount_cents: number;
    total_cents: number;
    status: string;
    created_at: string;
    released_at: string | null;
  }>(
    q,
    sql`select b.id, b.building_id, coalesce(b.building_name, pr.custom_name, bl.name, bl.address) as building,
               b.amount_cents, b.total_cents, b.status::text as status, b.created_at::text as created_at,
               b.hold_released_at::text as released_at
        from bids b join buildings bl on bl.id = b.building_id
        left join properties pr on pr.building_id = b.building_id
        where b.bidder_id = ${userId} and b.payment_intent_id is not null
          and ((${inWindow("created_at")}) or (${inWindow("hold_released_at")}))`,
  );
  return rows.map((r) => ({
    id: r.id,
    buildingId: r.building_id,
    building: r.building ?? texts.noName,
    amountCents: r.amount_cents,
    totalCents: r.total_cents,
    status: r.status,
    createdAt: new Date(r.created_at),
    releasedAt: r.released_at === null ? null : new Date(r.released_at),
  }));
}

/**
 * Every movement of the journals and holds given, oldest first: each journal one row (movementOf), each bid's card
 * hold one row when made and one when let go (never for a bid whose hold was captured). `window` keeps the holds'
 * rows within it.
 */
export function statementMovements(
  journals: PlayerJournal[],
  holds: HeldBid[],
  userId: string,
  window: { from?: Date; before?: Date } = {},
): Movement[] {
  const movements = journals.map((j) => movementOf(j, userId));
  const inWindow = (d: Date | null): d is Date =>
    d !== null && (!window.from || d >= window.from) && (!window.before || d < window.before);
  for (const b of holds) {
    // A bid that failed while its hold was being made never held anything.
    const held = b.status !== "holding" && !(b.status === "failed" && b.releasedAt === null);
    if (!held) continue;
    const common = {
      buildingId: b.buildingId,
      building: b.building,
      credits: 0,
      fees: 0,
      tax: 0,
      earnings: 0,
    };
    if (inWindow(b.createdAt)) {
      movements.push({
        ...common,
        at: Math.floor(b.createdAt.getTime() / 1000),
        sortAt: b.createdAt.getTime() / 1000,
        kind: "bid-hold",
        description: `Card hold for a bid of ${formatCents(b.amountCents)} on ${b.building}`,
        card: -b.totalCents,
        order: `0:${b.id}`,
      });
    }
    if (b.status !== "accepted" && inWindow(b.releasedAt)) {
      movements.push({
        ...common,
        at: Math.floor(b.releasedAt.getTime() / 1000),
        sortAt: b.releasedAt.getTime() / 1000,
        kind: "bid-release",
        description: `Card hold released: bid of ${formatCents(b.amountCents)} on ${b.building}`,
        card: b.totalCents,
        order: `2:${b.id}`,
      });
    }
  }
  return movements.sort((a, b) => a.sortAt - b.sortAt || a.order.localeCompare(b.order));
}

/** The columns' sums over movements, in cents. */
export function sumsOf(movements: Movement[]): Record<StatementColumn, number> {
  const sums = { card: 0, credits: 0, fees: 0, tax: 0, earnings: 0 };
  for (const m of movements) for (const column of STATEMENT_COLUMNS) sums[column] += m[column];
  return sums;
}

const inDollars = (sums: Record<StatementColumn, number>): StatementTotals => ({
  card: dollars(sums.card),
  credits: dollars(sums.credits),
  fees: dollars(sums.fees),
  tax: dollars(sums.tax),
  earnings: dollars(sums.earnings),
});

export { inDollars as totalsInDollars };

/**
 * Every money movement of the player in a year (UTC), oldest first: the ledger's journals of their purchases,
 * developments, sales, won bids, payouts, refunds and credits, with the card holds of their bids and their
 * releases (which move no ledger money), the earnings balance after each, and each column's total. The closing
 * balance is the ledger's earnings balance at the year's end (now, for this year), with the sales' proceeds still
 * clearing: they are the player's from the sale on, withdrawable once cleared.
 */
export async function getStatement(q: Queryable, userId: string, year: number): Promise<StatementData> {
  const window = await yearBounds(q, userId, year);
  const [journals, opening, holds] = await Promise.all([
    playerJournals(q, userId, window),
    queryRows<{ balance: number }>(
      q,
      sql`select coalesce(sum(e.amount_cents), 0)::float8 as balance
          from ledger_entries e join ledger_journals j on j.id = e.journal_id
          where e.account in (${accounts.earnings(userId)}, ${accounts.clearing(userId)})
            and j.created_at < ${window.from.toISOString()}::timestamptz`,
    ),
    bidHolds(q, userId, window),
  ]);
  const movements = statementMovements(journals, holds, userId, window);
  const openingCents = Math.round(Number(opening[0]?.balance ?? 0));
  let balance = openingCents;
  const rows: StatementRow[] = movements.map(({ sortAt: _sortAt, order: _order, ...m }) => {
    balance += m.earnings;
    return {
      ...m,
      card: dollars(m.card),
      credits: dollars(m.credits),
      fees: dollars(m.fees),
      tax: dollars(m.tax),
      earnings: dollars(m.earnings),
      balance: dollars(balance),
    };
  });
  return {
    year,
    openingBalance: dollars(openingCents),
    closingBalance: dollars(balance),
    totals: inDollars(sumsOf(movements)),
    rows,
  };
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
  // A leading =, +, -, @ (or a tab or carriage return before one) would be read as a formula by a spreadsheet; an
  // amount such as -12.00 is a number, left as it is.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The statement as CSV: one line per movement, dates in UTC (ISO 8601), the building by the name it had then (never
 * its id), amounts in dollars with two decimals.
 */
export function statementCsv(statement: StatementData): string {
  const money = (n: number) => n.toFixed(2);
  const lines = [
    CSV_COLUMNS.join(","),
    ...statement.rows.map((r) =>
      [
        new Date(r.at * 1000).toISOString(),
        r.kind,
        r.description,
        r.building ?? "",
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
