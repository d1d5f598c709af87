import { envelope } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/reply";
import { currentUser } from "../auth/plugin";
import { getOnboarding, onboardingReauth, onboardingReturn } from "./onboarding";

const Onboarding = z.object({ isStripeIntegrated: z.boolean(), redirectLink: z.string().nullable() });
const ReturnQuery = z.strictObject({
  userId: z.uuid(),
  sig: z.string().max(100).optional(),
  status: z.string().optional(),
});

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users/stripe/onboarding",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["payouts"],
        summary: "Whether the player's payout account is connected, or where to connect it",
        security: [{ bearer: [] }],
        response: { 200: envelope(Onboarding) },
      },
    },
    async (req) => {
      const data = await getOnboarding(app.deps, currentUser(req).userId);
      return ok(
        data,
        data.isStripeIntegrated ? "Payout account connected." : "Payout account not connected yet.",
      );
    },
  );

  app.get(
    "/stripe/webhooks/return",
    {
      schema: {
        tags: ["payouts"],
        summary: "Back from onboarding: 302 to My Properties with status=1 or 0",
        querystring: ReturnQuery,
      },
    },
    async (req, reply) =>
      reply.redirect(await onboardingReturn(app.deps, req.query.userId, req.query.sig), 302),
  );

  app.get(
    "/stripe/webhooks/reauth",
    {
      schema: {
        tags: ["payouts"],
        summary: "An expired onboarding link: 302 to a fresh one",
        querystring: ReturnQuery,
      },
    },
    async (req, reply) =>
      reply.redirect(await onboardingReauth(app.deps, req.query.userId, req.query.sig), 302),
  );
};
