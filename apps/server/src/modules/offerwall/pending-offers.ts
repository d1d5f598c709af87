import type { CompletedOffer } from "@mx/shared/schemas/offerwall";
import { offerCompletions } from "../../db/schema/offerwall";
import type { AppDeps } from "../../deps";
import { newId } from "../../lib/secrets";
import { deliverSoon } from "../outbox/deliver";
import { type OfferPostback, queuePostback } from "../outbox/queue-message";
import { presentCompletion } from "./offerwall";

/** An offer a partner says a player has completed, before its postback credits it. */
export type PendingOffer = {
  provider: string;
  userId: string;
  transactionId: string;
  offerName: string;
  amountCents: number;
};

/**
 * For a partner that runs in this process (the sandbox's): the player's completion is shown as pending, and the
 * partner's signed postback is queued with it, to be sent to our postback endpoint after `delayMs` and tried again
 * while that endpoint fails. Both are written together, so a restart in between loses neither; the postback is
 * handled as any partner's. The partner never writes the product's tables itself.
 */
export async function recordPendingOffer(
  deps: Pick<AppDeps, "db" | "mailer" | "log">,
  offer: PendingOffer,
  postback: OfferPostback,
  delayMs: number,
): Promise<CompletedOffer> {
  const { row, queued } = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(offerCompletions)
      .values({ id: newId(), ...offer, status: "pending" })
      .returning();
    if (!inserted) throw new Error("the pending offer was not recorded");
    return { row: inserted, queued: await queuePostback(tx, postback, delayMs) };
  });
  deliverSoon(deps, queued);
  return presentCompletion(row);
}
