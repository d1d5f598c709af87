import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import { keyedHash, newId } from "@mx/kit/secrets";
import {
  GENERIC_PARAMS,
  type OfferWallHost,
  type OfferWallPartner,
  type PartnerOffer,
  signGeneric,
} from "@mx/processors/offer-wall";
import { envelope } from "@mx/shared/schemas/common";
import { CompletedOffer } from "@mx/shared/schemas/offerwall";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { HostDatabase } from "./db";
import { migrateSandbox } from "./migrate";
import { dropPostback, type PostbackSender, postbackSender, queuePostback } from "./postbacks";

/*
 * The sandbox offer wall's partner: what a real partner does on its own servers, done here off production. The
 * product only shows its sample offers and receives its signed postbacks, as it does any partner's.
 */

/** The sample offers (rewards in cents): what the sandbox partner offers, shown on the product's wall. */
const SAMPLE_OFFERS: readonly PartnerOffer[] = [
  {
    id: "survey-parks",
    name: "City parks survey",
    description: "Answer 12 questions about the parks you visit.",
    rewardCents: 250,
  },
  {
    id: "puzzle-level-5",
    name: "Reach level 5 in a puzzle game",
    description: "Install a partner's puzzle game and clear its first five levels.",
    rewardCents: 1200,
  },
  {
    id: "newsletter",
    name: "Subscribe to a transit newsletter",
    description: "Sign up with your e-mail address and confirm it.",
    rewardCents: 75,
  },
  {
    id: "streaming-trial",
    name: "Start a streaming trial",
    description: "Start a 7-day free trial of a partner's music service.",
    rewardCents: 3000,
  },
];

/** The sandbox partner as the product knows it, and how long it waits before sending a postback. */
export type SandboxOfferWall = OfferWallPartner & { delayMs: number };

/**
 * The sandbox partner, off production: its postbacks name the provider `sandbox` and are signed with a secret kept
 * from `seed` (the server's session secret), so a postback queued before a restart is still accepted after it.
 */
export function sandboxOfferWall({ seed, delayMs }: { seed: string; delayMs: number }): SandboxOfferWall {
  return {
    provider: "sandbox",
    secret: keyedHash(seed, "offerwall-sandbox", "postback"),
    offers: SAMPLE_OFFERS,
    delayMs,
  };
}

const SandboxCompleteBody = z.strictObject({
  offerId: z.string().trim().min(1, { error: "is required" }).max(100),
});
const SandboxCompleteData = z.object({ offer: CompletedOffer });

/** The sandbox partner's postback endpoint on this server. */
const SANDBOX_POSTBACK_PATH = "/api/v1/offerwall/postback/sandbox";

/** Where this server answers, for the sandbox's postback to itself. */
type SelfAddress = () => string;

/**
 * The sandbox wall: the player "completes" a sample offer; it is recorded as pending, and after a short delay the
 * sandbox partner calls our postback endpoint over HTTP with a signed request, as a real partner would. The call
 * waits in the partner's own queue (written before the pending offer, so a restart in between loses no credit),
 * and is tried again while this server answers with an error or not at all. The player sees the offer pending
 * until then. Off production only.
 */
async function completeSandboxOffer(
  { host, partner, database }: SandboxWallHere,
  sender: PostbackSender,
  { userId, offerId, selfAddress }: { userId: string; offerId: string; selfAddress: SelfAddress },
): Promise<CompletedOffer> {
  const offer = partner.offers.find((o) => o.id === offerId);
  if (!offer) throw new AppError("NOT_FOUND", `No sandbox offer ${offerId}.`);
  const transactionId = `sbx_${newId()}`;
  const params = signGeneric(
    {
      [GENERIC_PARAMS.user]: host.playerRef(userId),
      [GENERIC_PARAMS.amount]: String(offer.rewardCents),
      [GENERIC_PARAMS.transaction]: transactionId,
      [GENERIC_PARAMS.offer]: offer.name,
      [GENERIC_PARAMS.timestamp]: String(Math.floor(Date.now() / 1000)),
    },
    partner.secret,
  );
  const queued = await queuePostback(
    database.db,
    { base: selfAddress(), path: SANDBOX_POSTBACK_PATH, params },
    partner.delayMs,
  );
  const pending = await host
    .record({
      provider: partner.provider,
      transactionId,
      userId,
      offerName: offer.name,
      amountCents: offer.rewardCents,
    })
    .catch(async (error: unknown) => {
      await dropPostback(database.db, queued);
      throw error;
    });
  sender.soon(queued, partner.delayMs);
  return pending;
}

/**
 * The sandbox partner, with what the product hands it: the partner's description, the host, and the server's
 * database, where the partner keeps its postbacks in the sandbox's schema.
 */
export type SandboxWallHere = { partner: SandboxOfferWall; host: OfferWallHost; database: HostDatabase };

/** The partner's one route: the player completes a sample offer (under /api/v1, signed in). */
export const sandboxOfferWallRoutes: FastifyPluginAsyncZod<SandboxWallHere> = async (app, here) => {
  const { host, database } = here;
  await migrateSandbox(database);
  const sender = postbackSender(database.db, app.log);
  app.addHook("onClose", async () => sender.stop());
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
      const offer = await completeSandboxOffer(here, sender, {
        userId: host.playerOf(req),
        offerId: req.body.offerId,
        selfAddress: () => selfAddress(app.server.address(), host.publicUrl),
      });
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
