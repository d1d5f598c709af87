import { ok } from "@mx/kit/reply";
import type { Params } from "@mx/processors/offer-wall";
import { envelope } from "@mx/shared/schemas/common";
import { Credits, OfferwallData } from "@mx/shared/schemas/offerwall";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { creditsOf } from "./credits";
import { handlePostback } from "./handle-postback";
import { getOfferwall } from "./offerwall";

/** Query and form parameters as one flat map of strings (a repeated name keeps its first value). */
function paramsOf(req: FastifyRequest): Params {
  const params: Params = {};
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== "object" || Buffer.isBuffer(source)) continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      if (Object.keys(params).length >= 50) break;
      if (name in params) continue;
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === "string" || typeof first === "number" || typeof first === "boolean") {
        params[name] = String(first);
      }
    }
  }
  return params;
}

/** Partners' server-to-server postbacks: outside the signed-in API, answered with the body each partner expects. */
const postbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const handler = async (
    req: FastifyRequest<{ Params: { provider: string } }>,
    reply: import("fastify").FastifyReply,
  ) => {
    const result = await handlePostback(app.deps, {
      provider: req.params.provider,
      params: paramsOf(req),
      headers: req.headers as Record<string, string | undefined>,
      ip: req.ip,
    });
    if (result.status !== 200) {
      // A refusal in the API's usual form; partners only look at the status.
      return reply
        .code(result.status)
        .send({ statusCode: result.status, message: result.body, code: "POSTBACK_REFUSED" });
    }
    // An acceptance in the body each partner expects ("OK", "<eventId>:OK").
    reply.code(200).type("text/plain; charset=utf-8");
    return result.body;
  };
  const schema = {
    tags: ["offerwall"],
    summary:
      "A partner's postback: an offer completed (or reversed) by a player. Signed by the provider's scheme; a repeated transaction id answers OK and credits nothing.",
    params: z.object({ provider: z.string().min(1).max(40) }),
  };
  app.get("/offerwall/postback/:provider", { schema }, handler);
  app.post("/offerwall/postback/:provider", { schema }, handler);
};

export const offerwallRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  await app.register(postbackRoutes);

  app.get(
    "/offerwall",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["offerwall"],
        summary:
          "The offer wall: the player's credits, the partner's wall (or the offers of a partner running here), their offers",
        security,
        response: { 200: envelope(OfferwallData) },
      },
    },
    async (req) => ok(await getOfferwall(app.deps, currentUser(req).userId), "Offer wall"),
  );

  app.get(
    "/offerwall/credits",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["offerwall"],
        summary:
          "The player's offer-wall credits (dollars): spendable on buildings from the game, never withdrawn",
        security,
        response: { 200: envelope(Credits) },
      },
    },
    async (req) => {
      const c = await creditsOf(
        app.deps.db,
        app.deps.config.offerwall.creditHoldHours,
        currentUser(req).userId,
      );
      return ok(
        {
          balance: c.balanceCents / 100,
          usable: c.usableCents / 100,
          debt: c.debtCents / 100,
          usableFrom: c.usableFrom?.toISOString() ?? null,
        },
        "Credits",
      );
    },
  );
};
