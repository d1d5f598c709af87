import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import { newId } from "@mx/kit/secrets";
import { type OfferWallHost, SANDBOX_PARAMS, signGeneric } from "@mx/processors/offer-wall";
import { SANDBOX_OFFERS } from "@mx/shared/sandbox-offers";
import { envelope } from "@mx/shared/schemas/common";
import { type CompletedOffer, SandboxCompleteBody, SandboxCompleteData } from "@mx/shared/schemas/offerwall";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/*
 * The sandbox offer wall's partner: what a real partner does on its own servers, done here off production. The
 * product only shows its sample offers and receives its signed postbacks, as it does any partner's.
 */

/** The sandbox partner's postback endpoint on this server. */
const SANDBOX_POSTBACK_PATH = "/api/v1/offerwall/postback/sandbox";

/** Where this server answers, for the sandbox's postback to itself. */
type SelfAddress = () => string;

/**
 * The sandbox wall: the player "completes" a sample offer; it is recorded as pending, and after a short delay the
 * sandbox partner calls our postback endpoint over HTTP with a signed request, as a real partner would. The call
 * waits in the outbox, and is tried again while this server answers with an error or not at all. The player sees
 * the offer pending until then. Off production only.
 */
async function completeSandboxOffer(
  host: OfferWallHost,
  userId: string,
  offerId: string,
  selfAddress: SelfAddress,
): Promise<CompletedOffer> {
  const offer = SANDBOX_OFFERS.find((o) => o.id === offerId);
  if (!offer) throw new AppError("NOT_FOUND", `No sandbox offer ${offerId}.`);
  const transactionId = `sbx_${newId()}`;
  const params = signGeneric(
    {
      [SANDBOX_PARAMS.user]: host.playerRef(userId),
      [SANDBOX_PARAMS.amount]: String(offer.rewardCents),
      [SANDBOX_PARAMS.transaction]: transactionId,
      [SANDBOX_PARAMS.offer]: offer.name,
      [SANDBOX_PARAMS.timestamp]: String(Math.floor(Date.now() / 1000)),
    },
    host.secret,
  );
  return host.record(
    { provider: "sandbox", transactionId, userId, offerName: offer.name, amountCents: offer.rewardCents },
    { base: selfAddress(), path: SANDBOX_POSTBACK_PATH, params },
    host.delayMs,
  );
}

/** The partner's one route: the player completes a sample offer (under /api/v1, signed in). */
export const sandboxOfferWallRoutes: FastifyPluginAsyncZod<{ host: OfferWallHost }> = async (
  app,
  { host },
) => {
  app.post(
    "/offerwall/sandbox/complete",
    {
      preHandler: host.signIn,
      schema: {
        tags: ["offerwall"],
        summary:
          "Sandbox wall only (never in production): complete a sample offer; the sandbox partner sends its signed postback a few seconds later",
        security: [{ bearer: [] }],
        body: SandboxCompleteBody,
        response: { 200: envelope(SandboxCompleteData) },
      },
    },
    async (req) => {
      const offer = await completeSandboxOffer(host, host.playerOf(req), req.body.offerId, () =>
        selfAddress(app.server.address(), host.publicUrl),
      );
      return ok({ offer }, "Offer completed: the credits arrive once the partner confirms it.");
    },
  );
};

/** This server's own address for a call to itself: where it listens, or its public URL when not listening. */
function selfAddress(address: ReturnType<import("node:net").Server["address"]>, publicUrl: string): string {
  if (address && typeof address === "object") {
    const host =
      address.family === "IPv6"
        ? address.address === "::"
          ? "[::1]"
          : `[${address.address}]`
        : address.address === "0.0.0.0"
          ? "127.0.0.1"
          : address.address;
    return `http://${host}:${address.port}`;
  }
  return publicUrl;
}
