import { ok } from "@mx/kit/reply";
import { envelope, MessageData } from "@mx/shared/schemas/common";
import {
  CardData,
  CardListData,
  CreatePaymentMethodBody,
  PaymentIntentBody,
  PaymentIntentData,
  PublicConfig,
  SetDefaultPaymentMethodBody,
} from "@mx/shared/schemas/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { addCard, deleteCard, listCards, setDefaultCard } from "../cards/cards";
import { createPaymentIntent } from "./create-payment-intent";

/** The Fastify instance a route group is registered on. */
type App = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  configRoute(app);
  cardRoutes(app);
  intentRoute(app);
};

/** GET /config: the payment providers the web app talks to, and the support address. */
function configRoute(app: App) {
  const { gateway } = app.deps;
  app.get(
    "/config",
    {
      schema: {
        tags: ["payments"],
        summary: "Which payment provider the web app talks to",
        response: { 200: envelope(PublicConfig) },
      },
    },
    async () =>
      ok(
        {
          paymentProvider: gateway.kind,
          ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
          // PayPal beside the cards: the sandbox's approval page, or PayPal's buttons with this client id.
          ...(gateway.paypal ? { paypal: gateway.paypal } : {}),
          supportEmail: app.deps.config.supportEmail,
        },
        "Config",
      ),
  );
}

/** The player's buying cards: list, add, remove, make the default. */
function cardRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    "/users/get/payment/method",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["payments"],
        summary: "The player's buying cards",
        security,
        response: { 200: envelope(CardListData) },
      },
    },
    async (req) => ok({ cardList: await listCards(db, currentUser(req).userId) }, "Payment methods"),
  );

  app.post(
    "/users/create/payment/method",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["payments"],
        summary: "Add a card from a token the browser got from the tokeniser",
        security,
        body: CreatePaymentMethodBody,
        response: { 201: envelope(CardData) },
      },
    },
    async (req, reply) => {
      const card = await addCard(app.deps, currentUser(req).userId, req.body);
      return reply.code(201).send(ok({ card }, "Card added", 201));
    },
  );

  app.delete(
    "/users/delete/payment/method/:id",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["payments"],
        summary: "Remove a card",
        security,
        params: z.strictObject({ id: z.string().min(1).max(255) }),
        response: { 200: envelope(MessageData) },
      },
    },
    async (req) => {
      await deleteCard(app.deps, currentUser(req).userId, req.params.id);
      return ok({ message: "Card removed." }, "Card removed.");
    },
  );

  app.post(
    "/users/set/payment/method/default",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["payments"],
        summary: "Make a card the default (the only one)",
        security,
        body: SetDefaultPaymentMethodBody,
        response: { 200: envelope(CardListData) },
      },
    },
    async (req) =>
      ok(
        { cardList: await setDefaultCard(db, currentUser(req).userId, req.body.paymentMethodId) },
        "Default card set.",
      ),
  );
}

/** POST /users/payment/intent/token: a payment intent for a building on the default card. */
function intentRoute(app: App) {
  app.post(
    "/users/payment/intent/token",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["payments"],
        summary:
          "A payment intent for a building on the default card: a hold for a bid, a charge for a purchase",
        security,
        body: PaymentIntentBody,
        response: { 200: envelope(PaymentIntentData) },
      },
    },
    async (req) => {
      const key = req.headers["idempotency-key"];
      const data = await createPaymentIntent(
        app.deps,
        currentUser(req).userId,
        req.body,
        typeof key === "string" ? key : undefined,
      );
      return ok(data, "Payment intent created");
    },
  );
}
