import { newId } from "@mx/kit/secrets";
import type { OfferWallHost, PendingOffer } from "@mx/processors/offer-wall";
import type { CompletedOffer } from "@mx/shared/schemas/offerwall";
import type { FastifyInstance } from "fastify";
import { offerCompletions } from "../../db/schema/offerwall";
import type { AppDeps } from "../../deps";
import { currentUser } from "../auth/plugin";
import { presentCompletion } from "./offerwall";
import { signedPlayerId } from "./providers";

/**
 * For a partner that runs in this process: the player's completion is shown as pending until the partner's signed
 * postback, which the partner sends and retries itself, is handled as any partner's. The partner never writes the
 * product's tables itself.
 */
async function recordPendingOffer(deps: Pick<AppDeps, "db">, offer: PendingOffer): Promise<CompletedOffer> {
  const [row] = await deps.db
    .insert(offerCompletions)
    .values({ id: newId(), ...offer, status: "pending" })
    .returning();
  if (!row) throw new Error("the pending offer was not recorded");
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
    record: (offer) => recordPendingOffer(deps, offer),
    signIn: app.requireAuth,
    playerOf: (req) => currentUser(req).userId,
    publicUrl: config.publicUrl,
  };
}
