import { ok } from "@mx/kit/reply";
import { API_BASE } from "@mx/shared/routes";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  SandboxCheckoutPayBody,
  SandboxCheckoutPayData,
  SandboxCheckoutSessionData,
  SandboxCheckoutSessionQuery,
  SandboxCheckoutShippingBody,
  SandboxTokenBody,
  SandboxTokenData,
} from "./api";
import { sandboxChallengeRoutes } from "./challenge-routes";
import { describeSandboxCheckoutSession, setSandboxCheckoutShipping } from "./checkout";
import { createSandboxToken } from "./gateway";
import { sandboxNoticeWorker } from "./notices";
import { type SandboxWallHere, sandboxOfferWallRoutes } from "./offer-wall";
import { sandboxOnboardingRoutes } from "./onboarding-routes";
import { paySandboxCheckout } from "./pay-checkout";
import { sandboxPaypalRoutes } from "./paypal-routes";
import type { ProcessorsHere } from "./processors-here";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every route the sandbox registers (see sandboxRoutes). */
    sandbox?: boolean;
  }
}

/** The sandbox's stand-ins for what Stripe.js and Stripe's hosted pages do, under /api/v1. */
const sandboxApiRoutes: FastifyPluginAsyncZod<ProcessorsHere> = async (
  app,
  { db, notices, requestsPerMinute },
) => {
  const processorLimit = { rateLimit: { max: requestsPerMinute, timeWindow: "1 minute" } };

  app.post(
    "/sandbox/tokens",
    {
      config: processorLimit,
      schema: {
        tags: ["payments"],
        summary: "Sandbox tokeniser: a card number in, a one-use token out (what Stripe.js does with Stripe)",
        body: SandboxTokenBody,
        response: { 200: envelope(SandboxTokenData) },
      },
    },
    async (req) => ok(await createSandboxToken(db, req.body), "Token created"),
  );

  app.get(
    "/sandbox/checkout/session",
    {
      schema: {
        tags: ["shop"],
        summary: "Sandbox payment form: the lines and total of a checkout session, by its client secret",
        querystring: SandboxCheckoutSessionQuery,
        response: { 200: envelope(SandboxCheckoutSessionData) },
      },
    },
    async (req) => ok(await describeSandboxCheckoutSession(db, req.query.client_secret), "Checkout session"),
  );

  app.post(
    "/sandbox/checkout/shipping",
    {
      config: processorLimit,
      schema: {
        tags: ["shop"],
        summary:
          "Sandbox payment form: the US shipping address and the chosen rate of a checkout session; shipping, sales tax and total follow",
        body: SandboxCheckoutShippingBody,
        response: { 200: envelope(SandboxCheckoutSessionData) },
      },
    },
    async (req) => ok(await setSandboxCheckoutShipping(db, req.body), "Shipping updated"),
  );

  app.post(
    "/sandbox/checkout/pay",
    {
      config: processorLimit,
      schema: {
        tags: ["shop"],
        summary: "Sandbox payment form: pays a checkout session with a card token from /sandbox/tokens",
        body: SandboxCheckoutPayBody,
        response: { 200: envelope(SandboxCheckoutPayData) },
      },
    },
    async (req) => ok(await paySandboxCheckout(db, notices, req.body), "Payment complete"),
  );
};

/**
 * Which sandboxes run here, each with what the server hands it: the card processor (and its PayPal), the offer
 * wall's partner, or both. These are the only ways the sandbox reaches the product.
 */
export type SandboxesHere = { processors: ProcessorsHere | null; offerWall: SandboxWallHere | null };

/**
 * Every sandbox route, whatever its path: the tokeniser, the shop's payment form, the payout onboarding page, the
 * bank's 3-D Secure page, the PayPal approval page, the offer wall partner's sample offers, and any page added here
 * later. buildApp registers this one plugin only off production, and only with the sandboxes chosen, so none of
 * them exists in production. Each route is marked `config.sandbox`, which the tests use to list them.
 */
export const sandboxRoutes: FastifyPluginAsync<SandboxesHere> = async (app: FastifyInstance, here) => {
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, sandbox: true };
  });
  if (here.offerWall) await app.register(sandboxOfferWallRoutes, { prefix: API_BASE, ...here.offerWall });
  const processors = here.processors;
  if (!processors) return;
  // The processors' notices (disputes, early fraud warnings): swept from when the app is ready until it closes.
  const noticeWorker = sandboxNoticeWorker(processors.db, processors.notices, {
    delayMs: processors.disputeDelayMs,
    log: app.log,
  });
  app.addHook("onReady", async () => noticeWorker.start());
  app.addHook("onClose", async () => noticeWorker.stop());
  await app.register(sandboxApiRoutes, { prefix: API_BASE, ...processors });
  await app.register(sandboxOnboardingRoutes, processors);
  await app.register(sandboxChallengeRoutes, processors);
  await app.register(sandboxPaypalRoutes, { ...processors, noticeWorker });
};
