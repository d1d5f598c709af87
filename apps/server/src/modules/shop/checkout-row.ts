import { newId } from "@mx/kit/secrets";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { shopCheckouts } from "../../db/schema/shop";
import { type ProcessorRequest, sendAndRecord } from "../money/operation";

export type CheckoutRow = typeof shopCheckouts.$inferSelect;
type Priced = Omit<
  typeof shopCheckouts.$inferInsert,
  "id" | "state" | "processorKey" | "sessionId" | "createdAt"
>;

/**
 * A shop checkout on the money skeleton. The customer's money moves only in the processor's payment form (or at
 * PayPal), which needs what the opening request answers (the session's client secret, the order's approval page):
 *
 *   1. reserve — our row, committed, with the key the processor is asked under (`shop:<id>`);
 *   2. send    — the processor opens the session (or PayPal order) under that key;
 *   3. record  — its id noted on the row, which becomes open; the customer may pay from here on.
 *
 * A paid checkout becomes its order in one transaction with its journal (`complete-order.ts`, the settle step),
 * from the return page, the webhook or recovery. A process stopped before step 3 leaves the row reserved and the
 * customer without a way to pay: recovery abandons it. An open checkout recovery finds paid becomes its order;
 * one that lapsed unpaid is abandoned.
 */
export async function reserveCheckout(db: Queryable, priced: Priced): Promise<CheckoutRow> {
  const id = newId();
  const [row] = await db
    .insert(shopCheckouts)
    .values({ ...priced, id, state: "reserved", processorKey: `shop:${id}` })
    .returning();
  if (!row) throw new Error("the shop checkout was not written");
  return row;
}

/**
 * Steps 2 and 3: the processor asked under the row's key, and the id it answers noted. A request that fails (or
 * whose row recovery ended meanwhile) abandons the row and throws: the customer is never given a way to pay it.
 */
export async function openAtProcessor<Answer extends { id: string }>(
  db: Queryable,
  row: CheckoutRow,
  send: (row: CheckoutRow) => Promise<Answer>,
): Promise<Answer> {
  const request: ProcessorRequest<CheckoutRow, Answer> = {
    name: "shop-checkout",
    reserved: (r) => r.state === "reserved",
    send,
    async record(r, opened) {
      const [noted] = await db
        .update(shopCheckouts)
        .set({ sessionId: opened.id, state: "open" })
        .where(and(eq(shopCheckouts.id, r.id), eq(shopCheckouts.state, "reserved")))
        .returning({ id: shopCheckouts.id });
      if (!noted) throw new Error(`shop checkout ${r.id} was ended before its session was noted`);
    },
  };
  const outcome = await sendAndRecord(request, row).catch((error: unknown) => ({ failed: error }));
  if ("failed" in outcome) {
    await abandonCheckout(db, row.id, "reserved");
    throw outcome.failed;
  }
  if ("notReserved" in outcome) throw new Error(`shop checkout ${row.id} is not reserved`);
  return outcome.answer;
}

/** Ends a checkout that can no longer be paid: never opened, or lapsed unpaid. False if it moved on meanwhile. */
export async function abandonCheckout(
  db: Queryable,
  id: string,
  from: "reserved" | "open",
): Promise<boolean> {
  const ended = await db
    .update(shopCheckouts)
    .set({ state: "abandoned" })
    .where(and(eq(shopCheckouts.id, id), eq(shopCheckouts.state, from)))
    .returning({ id: shopCheckouts.id });
  return ended.length > 0;
}
