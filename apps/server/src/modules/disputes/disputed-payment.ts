import { AppError } from "@mx/kit/errors";
import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { disputes } from "../../db/schema/disputes";

/**
 * Refuses a refund of a disputed payment (409): the processor refuses it too, and the dispute decides what happens to
 * the money and to what it bought. Called by the console's refunds before they start.
 */
export async function refuseWhileDisputed(q: Queryable, paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId) return;
  const [dispute] = await q
    .select({ state: disputes.state })
    .from(disputes)
    .where(eq(disputes.paymentIntentId, paymentIntentId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  if (dispute) {
    throw new AppError(
      "CONFLICT",
      `This payment is disputed (${dispute.state.replace("_", " ")}); the dispute decides what happens to it, so it is not refunded here.`,
    );
  }
}
