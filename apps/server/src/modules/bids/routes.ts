import { ok } from "@mx/kit/reply";
import { formatCents } from "@mx/shared/money";
import { api } from "@mx/shared/routes";
import {
  BidData,
  BidIdBody,
  BidListData,
  BidListQuery,
  GenerateBidBody,
  GenerateBidData,
  SubmitBidBody,
} from "@mx/shared/schemas/bids";
import { envelope } from "@mx/shared/schemas/common";
import { ActionRequiredData, ConfirmBidBody } from "@mx/shared/schemas/payments";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/plugin";
import { confirmWithYourBank, withConfirm } from "../payments/bank-check";
import { acceptBid, cancelBid, rejectBid } from "./decide-bid";
import { listBids } from "./list-bids";
import { confirmBidHold, generateBid, submitBid } from "./submit-bid";

/** A placed bid (200), or the bank's check the bidder must pass first (202). */
function bidReply(reply: FastifyReply, placed: Awaited<ReturnType<typeof submitBid>>) {
  if ("action" in placed) {
    return confirmWithYourBank(
      reply,
      withConfirm(placed.action, api.confirmBid, { bidId: placed.bidId }),
      "hold",
    );
  }
  const { bid } = placed;
  return ok(
    { bid },
    `Your bid of ${formatCents(Math.round(bid.bidAmount * 100))} on ${bid.propertyDetails.name} is placed.`,
  );
}

/** The Fastify instance the bids' routes are registered on. */
type BidsApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];
const tags = ["bids"];

/** Checking a bid, placing it, and finishing one the bank asked the bidder to confirm. */
function registerPlacingRoutes(app: BidsApp) {
  app.post(
    "/properties/generate-bid",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Check a bid before placing it: the building must be for sale and the bid above its price",
        security,
        body: GenerateBidBody,
        response: { 200: envelope(GenerateBidData) },
      },
    },
    async (req) => {
      const result = await generateBid(app.deps, currentUser(req).userId, req.body);
      return ok(result, `Your card will be held for ${formatCents(Math.round(result.total * 100))}.`);
    },
  );

  app.post(
    "/properties/submit-bid",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary:
          "Place a bid: bid + $6.00 processing fee + $2.99 sales tax are held on a card until it is decided (202: the bank asks the bidder to confirm the hold first)",
        security,
        body: SubmitBidBody,
        response: { 200: envelope(BidData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) => {
      const placed = await submitBid(app.deps, currentUser(req).userId, req.body);
      return bidReply(reply, placed);
    },
  );

  app.post(
    api.confirmBid,
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary: "Finish placing a bid whose hold the bidder has confirmed with their bank",
        security,
        body: ConfirmBidBody,
        response: { 200: envelope(BidData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) => {
      const placed = await confirmBidHold(app.deps, currentUser(req).userId, req.body.bidId);
      return bidReply(reply, placed);
    },
  );
}

/** Accepting, declining and withdrawing bids, and listing them. */
function registerDecidingRoutes(app: BidsApp) {
  app.post(
    "/properties/accept-bid",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags,
        summary: "Accept a bid on one's building: the bidder is charged and the building changes hands",
        security,
        body: BidIdBody,
        response: { 200: envelope(BidData) },
      },
    },
    async (req) => {
      const bid = await acceptBid(app.deps, currentUser(req).userId, req.body.bidId);
      return ok({ bid }, `${bid.propertyDetails.name} is sold to ${bid.bidderDetails.fullName}.`);
    },
  );

  app.post(
    "/properties/reject-bid",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Decline a bid on one's building; the bidder's hold is released",
        security,
        body: BidIdBody,
        response: { 200: envelope(BidData) },
      },
    },
    async (req) =>
      ok({ bid: await rejectBid(app.deps, currentUser(req).userId, req.body.bidId) }, "Bid declined."),
  );

  app.post(
    "/properties/cancel-bid",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Withdraw one's own bid; the hold on the card is released",
        security,
        body: BidIdBody,
        response: { 200: envelope(BidData) },
      },
    },
    async (req) =>
      ok({ bid: await cancelBid(app.deps, currentUser(req).userId, req.body.bidId) }, "Bid cancelled."),
  );

  app.get(
    "/properties/bids",
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        summary: "Bids made to the caller as owner (type=owner) or by the caller (type=bidder), newest first",
        security,
        querystring: BidListQuery,
        response: { 200: envelope(BidListData) },
      },
    },
    async (req) => ok(await listBids(app.deps.db, currentUser(req).userId, req.query), "Bids"),
  );
}

export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPlacingRoutes(app);
  registerDecidingRoutes(app);
};
