import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import { BUY_PROCESSING_FEE_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";

/** The ledger's accounts. Entries are signed cents, positive = credit. */
export const accounts = {
  /** Money in from players' cards (debited as it arrives). */
  cardFunding: "card_funding",
  platformRevenue: "platform_revenue",
  /** What owners paid for developing their buildings (the cost; fee and tax go to their usual accounts). */
  developmentRevenue: "development_revenue",
  platformFees: "platform_fees",
  salesTaxPayable: "sales_tax_payable",
  /** Money out to players' payout accounts. */
  payouts: "payouts",
  /** Money back to players' cards. */
  refunds: "refunds",
  /** What the platform owes a player: their withdrawable earnings. Never below zero. */
  earnings: (userId: string) => `earnings:${userId}`,
  /**
   * A seller's proceeds from buyers' card and PayPal payments that have not yet cleared (EARNINGS_CLEAR_HOURS): owed
   * to them, not yet withdrawable. Never below zero.
   */
  clearing: (userId: string) => `clearing:${userId}`,
  /** Disputed payments' funds the processor has withdrawn and holds until the dispute ends (debited while held). */
  disputes: "disputes",
  /** What processors charged for disputes (an expense: debited). */
  disputeFees: "dispute_fees",
  /** Disputes lost: the platform's loss (an expense: debited). */
  chargebackLosses: "chargeback_losses",
  /** Sellers' clearing proceeds taken back when the payment behind them was disputed or refunded. */
  disputesClawedBack: "disputes_clawed_back",
  /** What offer-wall partners owe the platform for the credits it gave players. */
  offerwall: "offerwall_partners",
  /** A player's offer-wall credits: spendable on buildings only, never withdrawn. Never below zero. */
  credits: (userId: string) => `credits:${userId}`,
  /** Credits a player had spent when the partner took an offer back: repaid from their next credits (≤ 0). */
  creditsDebt: (userId: string) => `credits-debt:${userId}`,
  /** Credits set aside for purchases not yet settled. */
  creditsHeld: "credits_held",
} as const;

/** Accounts a journal may never take below zero: a player's earnings and credits. */
const isEarnings = (account: string) =>
  account.startsWith("earnings:") || account.startsWith("credits:") || account.startsWith("clearing:");

/**
 * Every kind of journal the ledger is written with: a closed list, so that a new kind cannot be posted before the
 * player's statement knows how to show it (market/get-statement.ts maps each one, and the typecheck fails on one it
 * does not).
 */
export const JOURNAL_KINDS = [
  "purchase",
  "purchase-credits",
  "purchase-credits-release",
  "purchase_refund",
  "sale",
  "development",
  "development-credits",
  "development-credits-release",
  "development_refund",
  "payout",
  "payout_reversal",
  "account_refund",
  "account_refund_reversal",
  "account_forfeit",
  "offerwall-credit",
  "offerwall-reversal",
  "shop_order",
  /** A seller's proceeds cleared: `clearing:` → `earnings:` (reference: the earnings_clearances row). */
  "earnings_cleared",
  /** A disputed payment's amount and fee withdrawn by the processor (reference: the dispute's id). */
  "dispute_withdrawn",
  /** A disputed payment's proceeds still clearing taken back from the seller (reference: the dispute's id). */
  "dispute_clawback",
  /** A won dispute's amount given back by the processor (reference: the dispute's id). */
  "dispute_reinstated",
  /** A won dispute's clawed-back proceeds returned to the seller's clearing (reference: the dispute's id). */
  "dispute_clawback_return",
  /** A lost dispute: the amount is the platform's loss (reference: the dispute's id). */
  "dispute_lost",
  /** A sale by bid refunded to the buyer after an early fraud warning (reference: the bid's id). */
  "sale_refund",
  /**
   * A refund the processor refused because its charge was disputed, ended when the dispute was lost: the chargeback
   * was the refund, so the charge stays in card funding and the loss is taken back (reference: the dispute's id).
   */
  "chargeback_refund",
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export type Entry = { account: string; amountCents: number };

/**
 * The entries of a payment settled by card and held credits, the one way purchases and developments write it (and
 * a refund writes it reversed): the card's charge and the credits in, the price to its revenue account, the buyer's
 * processing fee and the sales tax.
 */
export function paymentEntries(payment: {
  chargeCents: number;
  creditsCents: number;
  revenueAccount: string;
  priceCents: number;
}): Entry[] {
  return [
    ...(payment.chargeCents > 0
      ? [{ account: accounts.cardFunding, amountCents: -payment.chargeCents }]
      : []),
    ...(payment.creditsCents > 0
      ? [{ account: accounts.creditsHeld, amountCents: -payment.creditsCents }]
      : []),
    { account: payment.revenueAccount, amountCents: payment.priceCents },
    { account: accounts.platformFees, amountCents: BUY_PROCESSING_FEE_CENTS },
    { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
  ];
}

/** A journal's entries turned round: what gives back everything they moved. */
export const reversedEntries = (entries: Entry[]): Entry[] =>
  entries.map((e) => ({ account: e.account, amountCents: -e.amountCents }));
export type JournalInput = {
  kind: JournalKind;
  reference: string;
  memo?: string;
  /**
   * The building the money moves for, kept with the journal: its id, and its name as players see it at this
   * moment (read from the building when left out, in the same statement), which the statement shows for ever.
   */
  building?: { id: string; name?: string | null };
  entries: Entry[];
};

export class UnbalancedJournalError extends Error {}

/** A journal's shape is the caller's responsibility: a wrong one is a bug, never a player's input. */
function assertBalanced({ kind, entries }: JournalInput): void {
  if (entries.length < 2) throw new UnbalancedJournalError(`${kind}: a journal needs two or more entries`);
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0) {
      throw new UnbalancedJournalError(
        `${kind}: ${e.account} has ${e.amountCents}, not a whole non-zero number of cents`,
      );
    }
  }
  const sum = entries.reduce((s, e) => s + e.amountCents, 0);
  if (sum !== 0) throw new UnbalancedJournalError(`${kind}: entries sum to ${sum}, not 0`);
}

/**
 * Posts one balanced journal inside the caller's transaction, so it stands or falls with the state it pays for.
 * The same (kind, reference) is posted once: a repeat returns `duplicate: true` and writes nothing. Any earnings
 * account it would take below zero makes it fail with INSUFFICIENT_BALANCE, and the whole transaction with it.
 * Written by the same statement as journalsCtes', on its own.
 */
export async function postJournal(
  tx: Tx,
  input: JournalInput,
): Promise<{ journalId: string; duplicate: boolean }> {
  const debited = [
    ...new Set(input.entries.filter((e) => isEarnings(e.account) && e.amountCents < 0).map((e) => e.account)),
  ];
  for (const account of debited.sort()) await lockKey(tx, `ledger:${account}`);

  const { heads, ctes } = journalWrites([{ when: "", journal: input }], { gate: null, repeat: "skip" });
  const journalId = heads[0]?.id ?? "";
  const written = await queryRows<{ id: string }>(tx, sql`with ${ctes} select id from journal`);
  if (written.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(
        sql`${ledgerJournals.kind} = ${input.kind} and ${ledgerJournals.reference} = ${input.reference}`,
      );
    return { journalId: existing?.id ?? "", duplicate: true };
  }

  if (debited.length > 0) {
    const balances = await tx
      .select({
        account: ledgerEntries.account,
        balance: sql<number>`sum(${ledgerEntries.amountCents})::bigint`,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.account, debited))
      .groupBy(ledgerEntries.account);
    if (balances.some((b) => Number(b.balance) < 0)) {
      throw new AppError("INSUFFICIENT_BALANCE", "Your balance is too low for this.");
    }
  }
  return { journalId, duplicate: false };
}

/** An account's balance in cents: the sum of its entries. */
export async function balanceOf(q: Queryable, account: string): Promise<number> {
  const [row] = await q
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.balance ?? 0);
}

/**
 * Journals as two common table expressions (`journal`, `journal_entries`) of a single statement, so that a hot path
 * writes its state and its money in one round trip. Each journal is written only if its `when` value is among the
 * values of `gate.column` in the CTE named `gate.name`: the rows that statement actually changed. Only for journals
 * that debit no earnings account (there is no balance to check them against); a journal already posted fails the
 * statement.
 */
export function journalsCtes(
  journals: { when: string; journal: JournalInput }[],
  gate: { name: string; column: string },
): SQL {
  for (const { journal } of journals) {
    if (journal.entries.some((e) => isEarnings(e.account) && e.amountCents < 0)) {
      throw new UnbalancedJournalError(
        `${journal.kind}: a journal debiting earnings must go through postJournal`,
      );
    }
  }
  return journalWrites(journals, { gate, repeat: "fail" }).ctes;
}

/**
 * The ledger's one way of writing: balanced journals and their entries as the two CTEs `journal` and
 * `journal_entries`, each journal gated (see journalsCtes) or not, and a repeat of (kind, reference) either
 * skipped (nothing written for it, and `journal` returns no row for it) or failing the statement.
 */
function journalWrites(
  journals: { when: string; journal: JournalInput }[],
  { gate, repeat }: { gate: { name: string; column: string } | null; repeat: "skip" | "fail" },
): { heads: { id: string }[]; ctes: SQL } {
  const heads = journals.map(({ when, journal }) => {
    assertBalanced(journal);
    return {
      id: newId(),
      kind: journal.kind,
      reference: journal.reference,
      memo: journal.memo ?? null,
      building_id: journal.building?.id ?? null,
      building_name: journal.building?.name ?? null,
      when,
    };
  });
  const entries = journals.flatMap(({ journal }, i) =>
    journal.entries.map((e) => ({ journal_id: heads[i]?.id, account: e.account, amount: e.amountCents })),
  );
  const gated = gate
    ? sql`where j."when" in (select ${sql.identifier(gate.column)}::text from ${sql.identifier(gate.name)})`
    : sql``;
  const onRepeat = repeat === "skip" ? sql`on conflict (kind, reference) do nothing` : sql``;
  const ctes = sql`journal as (
      insert into ledger_journals (id, kind, reference, memo, building_id, building_name)
      select j.id, j.kind, j.reference, j.memo, j.building_id,
        -- The name players see now (the owner's, else the data's name or address), unless the caller gave it.
        coalesce(j.building_name, (select coalesce(p.custom_name, b.name, b.address) from buildings b
          left join properties p on p.building_id = b.id where b.id = j.building_id))
      from json_to_recordset(${JSON.stringify(heads)}::json)
        as j(id uuid, kind text, reference text, memo text, building_id text, building_name text, "when" text)
      ${gated}
      ${onRepeat}
      returning id),
    journal_entries as (
      insert into ledger_entries (id, journal_id, account, amount_cents)
      select gen_random_uuid(), e.journal_id, e.account, e.amount
      from json_to_recordset(${JSON.stringify(entries)}::json) as e(journal_id uuid, account text, amount integer)
      join journal on journal.id = e.journal_id)`;
  return { heads, ctes };
}
