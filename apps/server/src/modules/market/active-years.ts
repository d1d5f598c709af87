import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accounts } from "../ledger/ledger";

/** Years (UTC) in which the player's money moved: their journals and their bids' card holds. Newest first. */
export async function activeYears(q: Queryable, userId: string): Promise<number[]> {
  const rows = await queryRows<{ year: number }>(
    q,
    sql`select distinct extract(year from (at at time zone 'UTC'))::int as year from (
          select j.created_at as at from ledger_entries e join ledger_journals j on j.id = e.journal_id
          where e.account in (${accounts.earnings(userId)}, ${accounts.credits(userId)}, ${accounts.creditsDebt(userId)})
          union all
          select p.updated_at from purchases p where p.user_id = ${userId} and p.status = 'completed'
          union all
          select b.created_at from bids b where b.bidder_id = ${userId} and b.payment_intent_id is not null
        ) t order by year desc`,
  );
  return rows.map((r) => r.year);
}
