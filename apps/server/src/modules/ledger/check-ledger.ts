import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/** Every invariant of the ledger, checked over the whole database; an empty list means all hold. */
export async function checkLedger(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{
    id: string;
    kind: string;
    reference: string;
    total: string;
    n: number;
  }>(
    q,
    sql`select j.id, j.kind, j.reference, coalesce(sum(e.amount_cents), 0)::bigint as total, count(e.id)::int as n
        from ledger_journals j left join ledger_entries e on e.journal_id = j.id
        group by j.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2`,
  );
  for (const j of unbalanced) {
    problems.push(
      `journal ${j.id} (${j.kind} ${j.reference}) has ${j.n} entries summing to ${j.total} cents`,
    );
  }
  const negative = await queryRows<{ account: string; balance: string }>(
    q,
    sql`select account, sum(amount_cents)::bigint as balance from ledger_entries
        where account like 'earnings:%' or account like 'credits:%' or account like 'clearing:%'
        group by account having sum(amount_cents) < 0`,
  );
  for (const a of negative) problems.push(`${a.account} is below zero: ${a.balance} cents`);
  const owed = await queryRows<{ account: string; balance: string }>(
    q,
    sql`select account, sum(amount_cents)::bigint as balance from ledger_entries
        where account like 'credits-debt:%' group by account having sum(amount_cents) > 0`,
  );
  for (const a of owed)
    problems.push(`${a.account} is above zero: ${a.balance} cents (a debt owed to the player)`);
  // Credits are set aside only for purchases not yet settled, each for exactly what the purchase holds.
  const [held] = await queryRows<{ ledger: string; purchases: string }>(
    q,
    sql`select
          (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'credits_held')::bigint as ledger,
          (select coalesce(sum(credits_cents), 0) from purchases where status in ('pending', 'refunding'))::bigint
            as purchases`,
  );
  if (held && Number(held.ledger) !== Number(held.purchases)) {
    problems.push(
      `credits_held is ${held.ledger} cents, but unsettled purchases hold ${held.purchases} cents of credits`,
    );
  }
  problems.push(...(await disputesHeld(q)));
  const zeroes = await queryRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from ledger_entries where amount_cents = 0`,
  );
  if ((zeroes[0]?.n ?? 0) > 0) problems.push(`${zeroes[0]?.n} entries move zero cents`);
  const [total] = await queryRows<{ total: string }>(
    q,
    sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`,
  );
  if (Number(total?.total ?? 0) !== 0)
    problems.push(`all entries together sum to ${total?.total} cents, not 0`);
  return problems;
}

/** The `disputes` account holds (debited) exactly the amounts of open disputes whose funds the processor withdrew. */
async function disputesHeld(q: Queryable): Promise<string[]> {
  const [withdrawn] = await queryRows<{ ledger: string; disputes: string }>(
    q,
    sql`select
          (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'disputes')::bigint as ledger,
          (select coalesce(sum(amount_cents), 0) from disputes
            where funds_withdrawn and state in ('needs_response', 'under_review'))::bigint as disputes`,
  );
  if (!withdrawn || Number(withdrawn.ledger) === -Number(withdrawn.disputes)) return [];
  return [
    `disputes is ${withdrawn.ledger} cents, but the processors hold ${withdrawn.disputes} cents of open disputes' funds`,
  ];
}
