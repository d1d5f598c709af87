import { newId } from "@mx/kit/secrets";
import type { OfferWallHost, PartnerPostback, PendingOffer } from "@mx/processors/offer-wall";
import type { CompletedOffer } from "@mx/shared/schemas/offerwall";
import type { FastifyInstance } from "fastify";
import { offerCompletions } from "../../db/schema/offerwall";
import type { AppDeps } from "../../deps";
import { currentUser } from "../auth/plugin";
import { deliverSoon } from "../outbox/deliver";
import { queuePostback } from "../outbox/queue-message";
import { presentCompletion } from "./offerwall";
import { signedPlayerId } from "./providers";

/**
 * For a partner that runs in this process: the player's completion is shown as pending, and the
 * partner's signed postback is queued with it, to be sent to our postback endpoint after `delayMs` and tried again
 * while that endpoint fails. Both are written together, so a restart in between loses neither; the postback is
 * handled as any partner's. The partner never writes the product's tables itself.
 */
async function recordPendingOffer(
  deps: Pick<AppDeps, "db" | "mailer" | "log">,
  offer: PendingOffer,
  postback: PartnerPostback,
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

/**
 * What an offer-wall partner that runs in this process is handed: the player's id as the wall carries it, the
 * sign-in check for its one route, and `recordPendingOffer`.
 */
export function offerWallPartnerHost(deps: AppDeps, app: FastifyInstance): OfferWallHost {
  const { config } = deps;
  return {
    playerRef: (userId) => signedPlayerId(config, userId),
    record: (offer, postback, delayMs) => recordPendingOffer(deps, offer, postback, delayMs),
    signIn: app.requireAuth,
    playerOf: (req) => currentUser(req).userId,
    publicUrl: config.publicUrl,
  };
}
