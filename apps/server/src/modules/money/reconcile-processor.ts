import { queryRows } from "@mx/kit/sql";
import type { GatewayIntent, PaymentGateway } from "@mx/processors/gateway";
import { PAYOUT_ITEM_UNPAID } from "@mx/processors/paypal-api";
import { formatCents } from "@mx/shared/money";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { paypalApiOf } from "../payments/paypal-gateway";
import { reconcileDisputes } from "./reconcile-disputes";

/** Statuses of a bid whose card hold should still be open at the processor. */
const HOLDING = new Set(["holding", "pending", "accepting"]);

type Thing = {
  kind: "purchase" | "bid" | "shop order" | "development";
  id: string;
  status: string;
  /** What the processor should have taken for it, in cents. */
  totalCents: number;
  intentId: string;
  /** What its journal says came in from the card (0 without a journal). */
  journaledCents: number;
  createdAt: Date;
};

/**
 * Compares the processor's payment intents with what we recorded of them, over a window of creation times, and
 * lists every difference in words (an empty list: the two agree to the cent):
 *   - every cent the processor kept (captured less refunded) stands behind exactly one completed purchase, accepted
 *     bid or paid shop order, of that amount, whose journal took it in;
 *   - every completed purchase, accepted bid and paid order has exactly one capture of its amount, never refunded;
 *   - every hold still open belongs to a bid that is waiting for it, and every pending bid has its hold open;
 *   - no intent stands behind two things;
 *   - payouts and deletion refunds have their journals, and the processor's (or PayPal's) record of each agrees;
 *   - every dispute the processor opened is known here in its state and amount, and every one here is known there.
 */
export async function reconcileWithProcessor(
  q: Queryable,
  gateway: PaymentGateway,
  window: { createdFrom: Date; createdTo: Date },
): Promise<string[]> {
  const problems: string[] = [];
  const intents = await gateway.listPaymentIntents(window);
  const byId = new Map(intents.map((i) => [i.id, i]));
  const backing = await loadBacking(q);

  for (const [intentId, list] of backing) {
    if (list.length > 1) {
      problems.push(`intent ${intentId} stands behind ${list.length} things: ${list.map(name).join(", ")}`);
    }
  }
  problems.push(...ourSideProblems(backing, byId, window));
  problems.push(...processorSideProblems(intents, backing, await chargedBackRefunds(q)));
  problems.push(...(await reconcilePayouts(q, gateway, window)));
  problems.push(...(await reconcileAccountRefunds(q, gateway, window)));
  problems.push(...(await reconcileDisputes(q, gateway, window)));
  return problems;
}

/** Every purchase, bid, shop order and development that names a payment intent, grouped by that intent. */
async function loadBacking(q: Queryable): Promise<Map<string, Thing[]>> {
  const things = await queryRows<Thing & { created_at: string }>(
    q,
    sql`
    select 'purchase' as kind, p.id::text as id, p.status::text as status, p.total_cents - p.credits_cents as "totalCents",
      p.payment_intent_id as "intentId", p.created_at,
      coalesce((select -sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.kind in ('purchase', 'purchase_refund') and j.reference = p.id::text and e.account = 'card_funding'), 0)::int as "journaledCents"
    from purchases p where p.payment_intent_id is not null
    union all
    -- A sale refunded after an early fraud warning stays accepted, and counts as refunded by its journal.
    select 'bid', b.id::text,
      case when exists (select 1 from ledger_journals j where j.kind = 'sale_refund' and j.reference = b.id::text)
        then 'refunded' else b.status::text end,
      b.total_cents, b.payment_intent_id, b.created_at,
      coalesce((select -sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.kind in ('sale', 'sale_refund') and j.reference = b.id::text and e.account = 'card_funding'), 0)::int
    from bids b where b.payment_intent_id is not null
    union all
    select 'shop order', o.id::text, o.status::text, o.amount_cents, o.payment_intent_id, o.created_at,
      coalesce((select -sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.kind = 'shop_order' and j.reference = o.checkout_session_id and e.account = 'card_funding'), 0)::int
    from shop_orders o where o.payment_intent_id is not null
    union all
    select 'development', d.id::text, d.state::text, d.total_cents - d.credits_cents, d.payment_intent_id, d.created_at,
      coalesce((select -sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.kind in ('development', 'development_refund') and j.reference = d.id::text and e.account = 'card_funding'), 0)::int
    from developments d where d.payment_intent_id is not null`,
  );
  const backing = new Map<string, Thing[]>();
  for (const row of things) {
    const thing: Thing = { ...row, createdAt: new Date(row.created_at) };
    backing.set(thing.intentId, [...(backing.get(thing.intentId) ?? []), thing]);
  }
  return backing;
}

/** Our side: every thing that took money, and every hold we think is open, checked against its intent. */
function ourSideProblems(
  backing: Map<string, Thing[]>,
  byId: Map<string, GatewayIntent>,
  window: { createdFrom: Date; createdTo: Date },
): string[] {
  const problems: string[] = [];
  const inWindow = (at: Date) => at >= window.createdFrom && at <= window.createdTo;
  for (const list of backing.values()) {
    for (const thing of list) {
      const intent = byId.get(thing.intentId);
      const settled = isSettled(thing);
      if (!intent) {
        // Outside the window the processor was not asked; inside it, the intent must be there.
        if (inWindow(thing.createdAt) && (settled || isHeld(thing))) {
          problems.push(`${name(thing)} names intent ${thing.intentId}, which the processor does not have`);
        }
        continue;
      }
      const kept = intent.capturedCents - intent.refundedCents;
      if (settled) {
        if (intent.status !== "succeeded" || kept !== thing.totalCents) {
          problems.push(
            `${name(thing)} is ${thing.status} for ${formatCents(thing.totalCents)}, but intent ${intent.id} is ${intent.status} keeping ${formatCents(kept)}`,
          );
        }
        if (thing.journaledCents !== thing.totalCents) {
          problems.push(
            `${name(thing)} took ${formatCents(thing.totalCents)} but its journal took in ${formatCents(thing.journaledCents)}`,
          );
        }
      } else if (isHeld(thing)) {
        if (thing.status === "pending" && intent.status !== "requires_capture") {
          problems.push(`${name(thing)} is pending, but its hold ${intent.id} is ${intent.status}`);
        }
      } else if (thing.journaledCents !== 0) {
        problems.push(
          `${name(thing)} is ${thing.status} but has a journal taking in ${formatCents(thing.journaledCents)}`,
        );
      }
    }
  }
  return problems;
}

/**
 * The refunds a lost dispute's chargeback made (`chargeback_refund`), by the intent they were refused for: cents the
 * processor's intent still shows kept, though the dispute took them back and nothing stands behind them.
 */
async function chargedBackRefunds(q: Queryable): Promise<Map<string, number>> {
  const rows = await queryRows<{ intent_id: string; cents: number }>(
    q,
    sql`select d.payment_intent_id as intent_id, d.amount_cents as cents
      from disputes d join ledger_journals j on j.kind = 'chargeback_refund' and j.reference = d.id::text`,
  );
  return new Map(rows.map((r) => [r.intent_id, Number(r.cents)]));
}

/** The processor's side: every cent kept (but what a chargeback refunded), and every hold open, has its thing. */
function processorSideProblems(
  intents: GatewayIntent[],
  backing: Map<string, Thing[]>,
  chargedBack: Map<string, number>,
): string[] {
  const problems: string[] = [];
  for (const intent of intents) {
    const list = backing.get(intent.id) ?? [];
    const kept = intent.capturedCents - intent.refundedCents - (chargedBack.get(intent.id) ?? 0);
    const settled = list.filter(isSettled);
    if (kept > 0 && settled.length === 0) {
      const waiting = list.some(
        (t) =>
          (t.kind === "purchase" && (t.status === "pending" || t.status === "refunding")) ||
          (t.kind === "development" && (t.status === "reserved" || t.status === "refunding")),
      );
      problems.push(
        `intent ${intent.id} keeps ${formatCents(kept)} with nothing bought behind it${waiting ? " (its purchase is still being recovered)" : ""}${describe(intent)}`,
      );
    }
    if (intent.status === "requires_capture" && !list.some(isHeld)) {
      problems.push(
        `intent ${intent.id} holds ${formatCents(intent.amountCents)} with no bid waiting for it${describe(intent)}`,
      );
    }
  }
  return problems;
}

/**
 * Payouts: each one the processor made is read again and must match ours (amount, and paid or failed alike); a
 * payout's journal took the money out of the earnings, and a failed one has its reversal.
 */
async function reconcilePayouts(
  q: Queryable,
  gateway: PaymentGateway,
  window: { createdFrom: Date; createdTo: Date },
): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<{
    id: string;
    state: string;
    account_id: string;
    provider_payout_id: string | null;
    amount_cents: number;
    net_cents: number;
    journaled: number;
    reversed: number;
  }>(
    q,
    sql`
    select p.id::text, p.state, p.account_id, p.provider_payout_id, p.amount_cents, p.net_cents,
      (select count(*) from ledger_journals j where j.kind = 'payout' and j.reference = p.id::text)::int as journaled,
      (select count(*) from ledger_journals j where j.kind = 'payout_reversal' and j.reference = p.id::text)::int as reversed
    from payouts p
    where p.created_at between ${window.createdFrom.toISOString()} and ${window.createdTo.toISOString()}`,
  );
  for (const row of rows) {
    const name = `payout ${row.id}`;
    if (row.journaled !== 1) problems.push(`${name} has ${row.journaled} payout journals`);
    if ((row.state === "failed") !== (row.reversed === 1)) {
      problems.push(`${name} is ${row.state} with ${row.reversed} reversal journals`);
    }
    if (!row.provider_payout_id) {
      if (row.state === "paid" || row.state === "pending") {
        problems.push(`${name} is ${row.state} but names no processor payout`);
      }
      continue;
    }
    const processor = await gateway.retrievePayout({
      accountId: row.account_id,
      payoutId: row.provider_payout_id,
    });
    if (processor.amountCents !== row.net_cents) {
      problems.push(
        `${name} sent ${formatCents(row.net_cents)} but the processor's ${processor.id} is for ${formatCents(processor.amountCents)}`,
      );
    }
    const settledAlike =
      processor.status === row.state || (processor.status === "pending" && row.state === "requested");
    if (!settledAlike && !(processor.status === "paid" && row.state === "pending")) {
      problems.push(`${name} is ${row.state} but the processor's ${processor.id} is ${processor.status}`);
    }
  }
  return problems;
}

/**
 * Deleted accounts' refunds: each has its journal, a failed one its reversal, a refunded one the processor's id;
 * one sent to PayPal is read back from PayPal, and must be a payout of its net that PayPal did not deny, whose
 * item did not fail or come back.
 */
async function reconcileAccountRefunds(
  q: Queryable,
  gateway: PaymentGateway,
  window: { createdFrom: Date; createdTo: Date },
): Promise<string[]> {
  const problems: string[] = [];
  const rows = await queryRows<{
    id: string;
    provider: string;
    state: string;
    provider_credit_id: string | null;
    net_cents: number;
    journaled: number;
    reversed: number;
  }>(
    q,
    sql`
    select r.id::text, r.provider, r.state, r.provider_credit_id, r.net_cents,
      (select count(*) from ledger_journals j where j.kind = 'account_refund' and j.reference = r.id::text)::int as journaled,
      (select count(*) from ledger_journals j where j.kind = 'account_refund_reversal' and j.reference = r.id::text)::int as reversed
    from account_refunds r
    where r.created_at between ${window.createdFrom.toISOString()} and ${window.createdTo.toISOString()}`,
  );
  const paypal = paypalApiOf(gateway);
  for (const row of rows) {
    const name = `deletion refund ${row.id}`;
    if (row.journaled !== 1) problems.push(`${name} has ${row.journaled} refund journals`);
    if ((row.state === "failed") !== (row.reversed === 1)) {
      problems.push(`${name} is ${row.state} with ${row.reversed} reversal journals`);
    }
    if (row.state !== "refunded") continue;
    if (!row.provider_credit_id) {
      problems.push(`${name} is refunded but names nothing at the processor`);
      continue;
    }
    if (row.provider !== "paypal") continue;
    if (!paypal) {
      problems.push(`${name} went to PayPal, which this server is not configured for`);
      continue;
    }
    const payout = await paypal.getPayout(row.provider_credit_id);
    if (payout.amountCents !== row.net_cents || payout.status === "DENIED" || payout.status === "CANCELED") {
      problems.push(
        `${name} sent ${formatCents(row.net_cents)} but PayPal's payout ${payout.id} is ${payout.status} for ${formatCents(payout.amountCents)}`,
      );
    } else if (payout.itemStatus && PAYOUT_ITEM_UNPAID.has(payout.itemStatus)) {
      // Until settle-paypal-refunds reads it again and owes the money to the deleted player once more.
      problems.push(`${name} is refunded but PayPal's payout ${payout.id} was ${payout.itemStatus}`);
    }
  }
  return problems;
}

function isSettled(thing: Thing): boolean {
  return (
    (thing.kind === "purchase" && thing.status === "completed") ||
    (thing.kind === "bid" && thing.status === "accepted") ||
    (thing.kind === "shop order" && thing.status === "paid") ||
    (thing.kind === "development" && (thing.status === "constructing" || thing.status === "completed"))
  );
}

function isHeld(thing: Thing): boolean {
  return thing.kind === "bid" && HOLDING.has(thing.status);
}

const name = (thing: Thing) => `${thing.kind} ${thing.id}`;

function describe(intent: GatewayIntent): string {
  const purpose = intent.metadata.purpose ? ` (${intent.metadata.purpose}` : " (";
  const what =
    intent.metadata.purchaseId ??
    intent.metadata.bidId ??
    intent.metadata.developmentId ??
    intent.metadata.checkoutSessionId ??
    "";
  return `${purpose}${what ? ` ${what}` : ""})`.replace(" ()", "");
}
