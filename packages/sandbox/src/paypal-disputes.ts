import { randomInt } from "node:crypto";
import {
  type PaypalApi,
  type PaypalCapture,
  type PaypalDispute,
  PaypalError,
} from "@mx/processors/paypal-api";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { SANDBOX_PAYPAL_DISPUTE_REASONS } from "./api";
import { evidenceOutcome } from "./card-disputes";
import type { Db } from "./db";
import { queueNotice } from "./notice-queue";
import { notFound } from "./paypal-records";
import { sandboxPaypalDisputes, sandboxPaypalOrders } from "./schema";

/* The sandbox PayPal's disputes (Disputes v1) and its capture read (Payments v2). */

type PaypalDisputeRow = typeof sandboxPaypalDisputes.$inferSelect;

export type PaypalDisputeReason = (typeof SANDBOX_PAYPAL_DISPUTE_REASONS)[number];

/** The days the seller has to answer a PayPal dispute. */
const RESPONSE_DAYS = 10;

/** PayPal's outcome for a dispute decided by the sandbox's evidence texts. */
const OUTCOME_OF = { won: "RESOLVED_SELLER_FAVOUR", lost: "RESOLVED_BUYER_FAVOUR" } as const;

/** A PayPal dispute's id: `PP-D-` and digits. */
const paypalDisputeId = () => `PP-D-${randomInt(10 ** 9, 10 ** 10)}`;

/** A dispute's row as PayPal's Disputes API tells it. */
function presentPaypalDispute(row: PaypalDisputeRow): PaypalDispute {
  return {
    id: row.id,
    captureId: row.captureId,
    reason: row.reason,
    status: row.status,
    outcome: row.outcome,
    amountCents: row.amountCents,
    currency: row.currency,
    feeCents: row.feeCents,
    sellerResponseDueDate: row.status === "OPEN" ? row.sellerResponseDueAt.toISOString() : null,
    createTime: row.createdAt.toISOString(),
  };
}

async function paypalDisputeRow(db: Db, id: string): Promise<PaypalDisputeRow> {
  const [row] = await db.select().from(sandboxPaypalDisputes).where(eq(sandboxPaypalDisputes.id, id));
  if (!row) throw notFound("dispute", id);
  return row;
}

/**
 * The sandbox's PayPal buyer disputes a captured order: a dispute opened on its capture (one per capture), and its
 * notice queued to be told at once. An order with nothing captured (or all of it refunded) cannot be disputed.
 */
export async function openSandboxPaypalDispute(
  db: Db,
  orderId: string,
  reason: PaypalDisputeReason = "UNAUTHORISED",
): Promise<PaypalDispute> {
  const [order] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, orderId));
  if (!order) throw notFound("order", orderId);
  const amount = order.capturedCents - order.refundedCents;
  if (!order.captureId || amount <= 0) {
    throw new PaypalError(
      "NO_CAPTURE_TO_DISPUTE",
      `Order ${orderId} has no captured payment to dispute.`,
      422,
    );
  }
  const now = new Date();
  const [opened] = await db
    .insert(sandboxPaypalDisputes)
    .values({
      id: paypalDisputeId(),
      orderId,
      captureId: order.captureId,
      reason,
      amountCents: amount,
      currency: order.currency,
      sellerResponseDueAt: new Date(now.getTime() + RESPONSE_DAYS * 24 * 60 * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: sandboxPaypalDisputes.captureId })
    .returning();
  if (!opened) {
    throw new PaypalError("DUPLICATE_DISPUTE", `The capture of order ${orderId} is already disputed.`, 409);
  }
  await queueNotice(db, {
    key: `paypal_dispute:${opened.id}:opened`,
    kind: "paypal_dispute",
    subject: opened.id,
    waits: false,
  });
  return presentPaypalDispute(opened);
}

/** Resolves a PayPal dispute under review with the outcome its evidence asked for. */
export async function resolveSandboxPaypalDispute(
  db: Db,
  id: string,
  outcome: string,
): Promise<PaypalDispute> {
  const [resolved] = await db
    .update(sandboxPaypalDisputes)
    .set({ status: "RESOLVED", outcome, updatedAt: new Date() })
    .where(and(eq(sandboxPaypalDisputes.id, id), eq(sandboxPaypalDisputes.status, "UNDER_REVIEW")))
    .returning();
  return presentPaypalDispute(resolved ?? (await paypalDisputeRow(db, id)));
}

/**
 * The seller's note on an open dispute: it goes under review; as with the card disputes, `winning_evidence` has it
 * resolved in the seller's favour a little later and `losing_evidence` in the buyer's. The same note again is taken
 * as given; another note on a dispute no longer open is refused.
 */
async function provideEvidence(db: Db, id: string, note: string): Promise<void> {
  const row = await paypalDisputeRow(db, id);
  const open: PaypalDisputeRow["status"][] = ["OPEN", "WAITING_FOR_SELLER_RESPONSE"];
  if (!open.includes(row.status)) {
    if (row.evidence === note) return;
    throw new PaypalError(
      "DISPUTE_NOT_OPEN",
      `Dispute ${id} is ${row.status}; it takes no evidence now.`,
      422,
    );
  }
  const [given] = await db
    .update(sandboxPaypalDisputes)
    .set({ status: "UNDER_REVIEW", evidence: note, updatedAt: new Date() })
    .where(and(eq(sandboxPaypalDisputes.id, id), inArray(sandboxPaypalDisputes.status, open)))
    .returning();
  if (!given) return provideEvidence(db, id, note);
  const outcome = evidenceOutcome(note);
  if (!outcome) return;
  await queueNotice(db, {
    key: `paypal_dispute:${id}:resolved`,
    kind: "paypal_dispute",
    subject: id,
    detail: { outcome: OUTCOME_OF[outcome] },
    waits: true,
  });
}

/** A capture as Payments v2 tells it, with its order. */
async function getCapture(db: Db, id: string): Promise<PaypalCapture> {
  const [order] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.captureId, id));
  if (!order) throw notFound("capture", id);
  return {
    id,
    status: order.captureStatus ?? "COMPLETED",
    orderId: order.id,
    amountCents: order.capturedCents,
  };
}

/** The sandbox PayPal's dispute calls and its capture read. */
export function sandboxPaypalDisputeCalls(
  db: Db,
): Pick<PaypalApi, "getCapture" | "getDispute" | "listDisputes" | "provideDisputeEvidence"> {
  return {
    getCapture: (id) => getCapture(db, id),
    getDispute: async (id) => presentPaypalDispute(await paypalDisputeRow(db, id)),
    async listDisputes({ startTime }) {
      const rows = await db
        .select()
        .from(sandboxPaypalDisputes)
        .where(gte(sandboxPaypalDisputes.createdAt, startTime))
        .orderBy(sandboxPaypalDisputes.createdAt);
      return rows.map(presentPaypalDispute);
    },
    provideDisputeEvidence: ({ id, note }) => provideEvidence(db, id, note),
  };
}
