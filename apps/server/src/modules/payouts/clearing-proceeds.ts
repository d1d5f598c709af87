import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import { centsToDollars, formatCents } from "@mx/shared/money";
import type { ClearingProceeds } from "@mx/shared/schemas/payouts";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * A player's sales whose proceeds still clear, the soonest first: each with its amount, the building by the name
 * the sale's journal kept (its data name or address if none), and when it clears.
 */
export async function clearingProceeds(q: Queryable, userId: string): Promise<ClearingProceeds[]> {
  const rows = await queryRows<{
    amount_cents: number;
    building_id: string | null;
    building: string | null;
    clears_at: string;
  }>(
    q,
    sql`select c.amount_cents, c.building_id,
               coalesce(j.building_name, bl.name, bl.address) as building,
               to_char(c.clears_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as clears_at
        from earnings_clearances c
        left join ledger_journals j on j.kind = 'sale' and j.reference = c.sale_reference
        left join buildings bl on bl.id = c.building_id
        where c.seller_id = ${userId} and c.state = 'clearing'
        order by c.clears_at, c.id`,
  );
  return rows.map((r) => ({
    amount: centsToDollars(r.amount_cents),
    amountCents: Number(r.amount_cents),
    buildingId: r.building_id,
    building: r.building_id ? (r.building ?? texts.noName) : null,
    clearsAt: r.clears_at,
  }));
}

/** Cents of the player's sales' proceeds still clearing. */
async function clearingCentsOf(q: Queryable, userId: string): Promise<number> {
  const [row] = await queryRows<{ cents: number }>(
    q,
    sql`select coalesce(sum(amount_cents), 0)::float8 as cents from earnings_clearances
        where seller_id = ${userId} and state = 'clearing'`,
  );
  return Math.round(Number(row?.cents ?? 0));
}

/**
 * A payout asked for more than the cleared earnings while proceeds still clear: refused saying so, rather than as a
 * bare lack of balance. `fallback` when nothing clears.
 */
export async function notClearedYet(q: Queryable, userId: string, fallback: string): Promise<AppError> {
  const cents = await clearingCentsOf(q, userId);
  if (cents <= 0) return new AppError("INSUFFICIENT_BALANCE", fallback);
  return new AppError(
    "INSUFFICIENT_BALANCE",
    `${formatCents(cents)} of your sales' proceeds is still clearing and cannot be withdrawn yet: the Withdrawal page shows when each sale clears.`,
  );
}
