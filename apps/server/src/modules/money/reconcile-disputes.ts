import { queryRows } from "@mx/kit/sql";
import { type GatewayDispute, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { formatCents } from "@mx/shared/money";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

type OurDispute = {
  id: string;
  processor_id: string;
  state: string;
  amount_cents: number;
  payment_intent_id: string;
  created_at: string;
};

const theirs = (d: GatewayDispute) =>
  `the processor's dispute ${d.id} (${d.reason}, ${formatCents(d.amountCents)} on ${d.paymentIntentId})`;

/** Where a dispute as we hold it and as the processor reports it differ: its state or its amount. */
function differences(ours: OurDispute, processor: GatewayDispute): string[] {
  const problems: string[] = [];
  const name = `dispute ${ours.id} (${ours.processor_id})`;
  if (ours.state !== processor.status) {
    problems.push(`${name} is ${ours.state} here, but ${processor.status} at the processor`);
  }
  if (ours.amount_cents !== processor.amountCents) {
    problems.push(
      `${name} is for ${formatCents(ours.amount_cents)} here, but ${formatCents(processor.amountCents)} at the processor`,
    );
  }
  return problems;
}

/** A dispute the processor no longer lists, read again by its id; null if it has no such dispute. */
async function reread(gateway: PaymentGateway, id: string): Promise<GatewayDispute | null> {
  try {
    return await gateway.retrieveDispute(id);
  } catch (error) {
    if (error instanceof GatewayRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Compares the processor's disputes with ours, over a window of creation times, as charges are compared: every
 * dispute the processor opened in the window is known here in the same state and for the same amount, and every
 * dispute recorded here in the window is known there (one it does not list, a PayPal reversal for one, is read
 * again by its id).
 */
export async function reconcileDisputes(
  q: Queryable,
  gateway: PaymentGateway,
  window: { createdFrom: Date; createdTo: Date },
): Promise<string[]> {
  const problems: string[] = [];
  const listed = await gateway.listDisputes(window);
  const rows = await queryRows<OurDispute>(
    q,
    sql`select id::text, processor_id, state::text, amount_cents, payment_intent_id, created_at from disputes`,
  );
  const ours = new Map(rows.map((row) => [row.processor_id, row]));
  for (const dispute of listed) {
    const row = ours.get(dispute.id);
    if (!row) problems.push(`${theirs(dispute)} is not known here`);
    else problems.push(...differences(row, dispute));
  }
  const seen = new Set(listed.map((d) => d.id));
  for (const row of rows) {
    const at = new Date(row.created_at);
    if (seen.has(row.processor_id) || at < window.createdFrom || at > window.createdTo) continue;
    const processor = await reread(gateway, row.processor_id);
    if (!processor) {
      problems.push(
        `dispute ${row.id} (${row.processor_id}, on ${row.payment_intent_id}) is not known to the processor`,
      );
    } else {
      problems.push(...differences(row, processor));
    }
  }
  return problems;
}
