import { ok } from "@mx/kit/reply";
import { payoutAccountTexts, serverMessages } from "@mx/shared/messages";
import { envelope, MessageData } from "@mx/shared/schemas/common";
import {
  AddPayoutCardBody,
  BalanceData,
  EditPayoutBody,
  EditPayoutData,
  InstantPayoutBody,
  ManualPayoutBody,
  PayoutAccountData,
  PayoutCardData,
  PayoutCardListData,
  PayoutDetailsData,
  PayoutDetailsQuery,
  PayoutReplyData,
  SetDefaultPayoutCardBody,
} from "@mx/shared/schemas/payouts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findActiveUser } from "../auth/active-user";
import { requireFreshProof } from "../auth/fresh-proof";
import { currentUser } from "../auth/plugin";
import { getOnboarding, onboardingReauth, onboardingReturn } from "./onboarding";
import { payoutAccountStatus } from "./payout-account";
import { addPayoutCard, deletePayoutCard, listPayoutCards, setDefaultPayoutCard } from "./payout-cards";
import { assertPayoutAllowed, holdPayoutsForNewCard } from "./payout-guard";
import { getBalance, getPayoutDetails, setPayoutType } from "./payout-history";
import { instantPayout, manualPayout } from "./request-payout";

const Onboarding = z.object({
  isStripeIntegrated: z.boolean(),
  redirectLink: z.string().nullable(),
  /** The player's old payout account is being replaced by a new one. */
  reconnect: z.boolean(),
  /** What Stripe still needs, as it names it. */
  requirementsDue: z.array(z.string()),
});
const ReturnQuery = z.strictObject({
  userId: z.uuid(),
  sig: z.string().max(100).optional(),
  status: z.string().optional(),
});

/** The Fastify instance a route group is registered on. */
type App = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];
const tags = ["payouts"];

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  payoutCardRoutes(app);
  balanceRoutes(app);
  withdrawalRoutes(app);
  accountRoutes(app);
  onboardingRoutes(app);
};

/** The player's payout cards (debit cards on their connected account): list, add, make the default, remove. */
function payoutCardRoutes(app: App) {
  app.get(
    "/users/externalAccountList",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "The player's payout cards (debit cards on their connected account), the default first",
        security,
        response: { 200: envelope(PayoutCardListData) },
      },
    },
    async (req) => ok({ response: await listPayoutCards(app.deps, currentUser(req).userId) }, "Payout cards"),
  );

  app.post(
    "/users/stripe/external/account/details/v1",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary: "Add a debit card as a payout card, from a token the browser got from the tokeniser",
        security,
        body: AddPayoutCardBody,
        response: { 201: envelope(PayoutCardData) },
      },
    },
    async (req, reply) => {
      const auth = currentUser(req);
      await requireFreshProof(app.deps, auth, req.body, req.ip);
      const card = await addPayoutCard(app.deps, auth.userId, req.body);
      await holdPayoutsForNewCard(app.deps, auth.userId, `${card.brand.toUpperCase()} •••• ${card.last4}`);
      return reply.code(201).send(ok({ data: card }, serverMessages.payoutCardAdded, 201));
    },
  );

  app.put(
    "/users/setDefaultSubaccount",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Make a payout card the default (where payouts go)",
        security,
        body: SetDefaultPayoutCardBody,
        response: { 200: envelope(PayoutCardListData) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      await requireFreshProof(app.deps, auth, req.body, req.ip);
      return ok(
        { response: await setDefaultPayoutCard(app.deps, auth.userId, req.body.AccountId) },
        serverMessages.payoutCardDefault,
      );
    },
  );

  app.delete(
    "/users/deleteSubaccount/:id",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Remove a payout card",
        security,
        params: z.strictObject({ id: z.string().min(1).max(255) }),
        response: { 200: envelope(MessageData) },
      },
    },
    async (req) => {
      await deletePayoutCard(app.deps, currentUser(req).userId, req.params.id);
      return ok({ message: serverMessages.payoutCardRemoved }, serverMessages.payoutCardRemoved);
    },
  );
}

/** The player's balance, their payouts, and whether payouts are manual or automatic. */
function balanceRoutes(app: App) {
  app.get(
    "/users/balance",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "The player's withdrawable earnings (dollars, and cents) and what is on its way",
        security,
        response: { 200: envelope(BalanceData) },
      },
    },
    async (req) => ok({ response: await getBalance(app.deps.db, currentUser(req).userId) }, "Balance"),
  );

  app.get(
    "/users/payout/details",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "The player's payouts, newest first, and whether payouts are manual or automatic",
        security,
        querystring: PayoutDetailsQuery,
        response: { 200: envelope(PayoutDetailsData) },
      },
    },
    async (req) =>
      ok({ response: await getPayoutDetails(app.deps, currentUser(req).userId, req.query) }, "Payouts"),
  );

  app.put(
    "/users/edit-Payout",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Manual payouts, or automatic ones (the whole balance, daily)",
        security,
        body: EditPayoutBody,
        response: { 200: envelope(EditPayoutData) },
      },
    },
    async (req) => {
      const payoutType = await setPayoutType(app.deps, currentUser(req).userId, req.body.type);
      return ok({ payoutType }, serverMessages.payoutTypeSet(payoutType));
    },
  );
}

/** Withdrawals: the whole balance (standard payout), or an instant payout to a debit card. */
function withdrawalRoutes(app: App) {
  app.post(
    "/users/manual-payout",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary: "Pay the whole available balance out to the default payout card or bank (standard payout)",
        security,
        body: ManualPayoutBody,
        response: { 200: envelope(PayoutReplyData) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      await assertPayoutAllowed(app.deps, auth, req.body ?? undefined, req.ip);
      const data = await manualPayout(app.deps, auth.userId);
      return ok(data, data.message);
    },
  );

  app.post(
    "/users/instant-payout-card",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary: "Instant payout of `amount` cents to a debit card; the 1.00 fee comes out of it",
        security,
        body: InstantPayoutBody,
        response: { 200: envelope(PayoutReplyData) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      await assertPayoutAllowed(app.deps, auth, req.body, req.ip);
      const data = await instantPayout(app.deps, auth.userId, req.body);
      return ok(data, data.message);
    },
  );
}

/** Where the player's payout account stands, and whether it is connected or where to connect it. */
function accountRoutes(app: App) {
  app.get(
    "/users/stripe/payout-account",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary:
          "Where the player's payout account stands: not connected, to connect again, what Stripe still needs",
        security,
        response: { 200: envelope(PayoutAccountData) },
      },
    },
    async (req) => {
      const data = payoutAccountStatus(await findActiveUser(app.deps.db, currentUser(req).userId));
      return ok(data, data.message ?? "Payout account");
    },
  );

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
      const message = data.reconnect
        ? payoutAccountTexts.reconnect
        : data.isStripeIntegrated
          ? "Payout account connected."
          : "Payout account not connected yet.";
      return ok(data, message);
    },
  );
}

/** The way back from Stripe's hosted onboarding: done, or a fresh link for an expired one. */
function onboardingRoutes(app: App) {
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
}
