import { ok } from "@mx/kit/reply";
import { api } from "@mx/shared/routes";
import { envelope } from "@mx/shared/schemas/common";
import { ActionRequiredData } from "@mx/shared/schemas/payments";
import {
  ConfirmPaypalCheckoutBody,
  CreateCheckoutSessionBody,
  CreateCheckoutSessionData,
  PaypalCheckoutBody,
  PaypalCheckoutData,
  SessionStatusData,
  SessionStatusQuery,
  ShopProductsData,
} from "@mx/shared/schemas/shop";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tokenFromHeader } from "../auth/sessions";
import { createCheckoutSession } from "./create-checkout-session";
import { listProducts } from "./list-products";
import { confirmPaypalCheckout, type PaypalCheckoutResult, startPaypalCheckout } from "./paypal-checkout";
import { readSessionStatus } from "./session-status";

/** A paid PayPal checkout (200), or PayPal's approval the customer must give first (202). */
function paypalCheckoutReply(reply: FastifyReply, result: PaypalCheckoutResult) {
  if ("action" in result) {
    reply.code(202);
    return ok(result.action, "Approve the payment at PayPal.", 202);
  }
  return ok(result, "Payment complete");
}

/** The Fastify instance a route group is registered on. */
type ShopApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The merch shop, open to everyone, signed in or not. The checkout paths sit under /stripe/webhooks, where the
 * client calls them, whichever processor is configured (docs/decisions/0004-api-shaped-for-the-existing-client.md).
 * Stripe's own event deliveries are in payments.
 */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  productsRoute(app);
  checkoutRoutes(app);
  sessionStatusRoute(app);
};

/** The signed-in shopper, or null for a visitor; a bearer token, if sent, must be live (401 otherwise). */
async function shopperOf(app: ShopApp, req: FastifyRequest): Promise<string | null> {
  const token = tokenFromHeader(req.headers.authorization);
  return token ? (await app.sessions.authenticate(token)).userId : null;
}

/** The shop's catalogue. */
function productsRoute(app: ShopApp) {
  app.get(
    "/shop/products",
    {
      schema: {
        tags: ["shop"],
        summary: "The shop's catalogue: five products",
        response: { 200: envelope(ShopProductsData) },
      },
    },
    async () => ok({ products: listProducts() }, "Products"),
  );
}

/** Opening a checkout at the configured processor, and confirming a PayPal one the customer approved. */
function checkoutRoutes(app: ShopApp) {
  const { deps } = app;
  // Each one asks the processor for a session: limited per address like the other calls that reach it.
  const processorLimit = { rateLimit: { max: deps.config.rateLimit.authMax * 3, timeWindow: "1 minute" } };

  app.post(
    "/stripe/webhooks/create-checkout-session",
    {
      config: processorLimit,
      schema: {
        tags: ["shop"],
        summary:
          "Opens an embedded checkout for catalogue prices and quantities (1–99); amounts come from the catalogue. Signed in (optional bearer token) with saved cards, the payment form offers those cards first",
        body: CreateCheckoutSessionBody,
        response: { 200: envelope(CreateCheckoutSessionData) },
      },
    },
    async (req) =>
      ok(await createCheckoutSession(deps, req.body, await shopperOf(app, req)), "Checkout session created"),
  );

  app.post(
    "/shop/paypal/checkout",
    {
      config: processorLimit,
      schema: {
        tags: ["shop"],
        summary:
          "Opens a PayPal order for catalogue prices and quantities, shipped to a US address at the chosen rate with the statewide sales tax (202: the customer approves it at PayPal, then confirms)",
        body: PaypalCheckoutBody,
        response: { 200: envelope(PaypalCheckoutData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) => paypalCheckoutReply(reply, await startPaypalCheckout(deps, req.body)),
  );

  app.post(
    api.confirmPaypalCheckout,
    {
      config: processorLimit,
      schema: {
        tags: ["shop"],
        summary: "After the customer approved at PayPal: captures the order and writes the shop order, once",
        body: ConfirmPaypalCheckoutBody,
        response: { 200: envelope(PaypalCheckoutData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) =>
      paypalCheckoutReply(reply, await confirmPaypalCheckout({ ...deps, log: req.log }, req.body.checkoutId)),
  );
}

/** Where a checkout stands; a paid one becomes its order. */
function sessionStatusRoute(app: ShopApp) {
  const { deps } = app;

  app.get(
    "/stripe/webhooks/session-status",
    {
      schema: {
        tags: ["shop"],
        summary: "Where a checkout stands (open, complete, expired); a paid one becomes its order, once",
        querystring: SessionStatusQuery,
        response: { 200: envelope(SessionStatusData) },
      },
    },
    async (req) =>
      ok(await readSessionStatus({ ...deps, log: req.log }, req.query.session_id), "Session status"),
  );
}
