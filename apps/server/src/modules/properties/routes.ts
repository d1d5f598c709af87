import { ok } from "@mx/kit/reply";
import { disputeTexts } from "@mx/shared/messages";
import { api } from "@mx/shared/routes";
import { envelope } from "@mx/shared/schemas/common";
import { ActionRequiredData, ConfirmPurchaseBody } from "@mx/shared/schemas/payments";
import {
  BuyPropertyBody,
  BuyPropertyData,
  CancelSaleBody,
  CheckPropertyDetailsQuery,
  LeaderboardData,
  LeaderboardQuery,
  PlaceAskBody,
  PriceHistoryData,
  PriceHistoryQuery,
  PropertyDetailsData,
  PropertyListData,
  PropertyListQuery,
  SaleData,
} from "@mx/shared/schemas/properties";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { readyReply, sendOwnJson, sendReady } from "../../lib/ready-reply";
import { currentUser } from "../auth/plugin";
import { nextCompletion, settleDueDevelopments } from "../developments/construction";
import { confirmWithYourBank, withConfirm } from "../payments/bank-check";
import { buyProperty, confirmPurchase } from "./buy-property";
import { checkPropertyDetails, isPropertyId } from "./check-property-details";
import { leaderboard } from "./leaderboard";
import { listProperties } from "./list-properties";
import { cancelSale, placeAsk } from "./place-ask";
import { getPriceHistory } from "./price-history";
import type { BuyResult } from "./settle-purchase";

/** Signed-in reads: a browser may keep them and ask again with their ETag; a shared cache may not keep them. */
const PRIVATE = "private, no-cache";
/** Routes whose replies are made and compressed once, in this instance's cache (lib/ready-reply.ts). */
const READY = { compress: false, decompress: false } as const;

/** A purchase made (200), or the bank's check the buyer must pass first (202). */
function buyReply(reply: FastifyReply, result: BuyResult) {
  if ("action" in result) {
    return confirmWithYourBank(
      reply,
      withConfirm(result.action, api.confirmPurchase, { purchaseId: result.purchaseId }),
    );
  }
  return ok(result, result.message);
}

/** A leaderboard page's key in the cache: every parameter that changes the page. */
function leaderboardKey({
  sortBy,
  name,
  neighborhood,
  limit,
  offset,
}: z.output<typeof LeaderboardQuery>): string {
  const text = (value: string | undefined) => (value === undefined ? "" : JSON.stringify(value));
  return `${sortBy}|${limit}|${offset}|${text(name)}|${text(neighborhood)}`;
}

/** The app as the properties' routes get it, its schemas in Zod. */
type PropertiesApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

/** Where a property details search is kept: by property id, or by the text searched. */
function detailsEntry(app: PropertiesApp, text: string) {
  return isPropertyId(text)
    ? { cache: app.hot.properties, key: `id:${text}` }
    : { cache: app.hot.searches, key: `text:${text}` };
}

/** Property details, made whole for the cache: the reply, the buildings' and owners' tags, and when it goes stale. */
async function loadDetails(db: PropertiesApp["deps"]["db"], text: string) {
  // Constructions that have ended are settled first, so the price shown is the risen one.
  await settleDueDevelopments(db);
  const propertyDetails = await checkPropertyDetails(db, text);
  const body = PropertyDetailsData.parse({ propertyDetails });
  const ends = propertyDetails.flatMap((p) => [
    ...(p.development.completesAt ? [p.development.completesAt * 1000] : []),
    // A hold's end makes the building available again.
    ...(p.heldUntil ? [p.heldUntil * 1000] : []),
  ]);
  return {
    until: ends.length > 0 ? Math.min(...ends) : null,
    reply: readyReply(JSON.stringify(ok(body, "Property details"))),
    // A frozen building's owner is told why in a reply of their own: kept here, and the front door answers nobody.
    data: body.propertyDetails.some((p) => p.frozen) ? body : undefined,
    tags: propertyDetails.flatMap((p) => [
      `building:${p.buildingId}`,
      ...(p.ownerId ? [`owner:${p.ownerId}`] : []),
    ]),
  };
}

/**
 * GET /properties/checkPropertyDetails. The same for every signed-in player: while the cache holds the reply, the
 * front door answers it (`fastRead`, lib/fast-reads.ts).
 */
function registerDetails(app: PropertiesApp) {
  const fastRead = {
    cacheControl: PRIVATE,
    ready(query: z.output<typeof CheckPropertyDetailsQuery>) {
      const { cache, key } = detailsEntry(app, query.text);
      const entry = cache.peek(key);
      return entry && entry.data === undefined ? entry.reply : null;
    },
  };
  app.get(
    "/properties/checkPropertyDetails",
    {
      ...READY,
      config: { fastRead },
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "A building's property by building id, property id, name or address",
        security,
        querystring: CheckPropertyDetailsQuery,
        response: { 200: envelope(PropertyDetailsData) },
      },
    },
    async (req, reply) => {
      const { text } = req.query;
      // The whole reply from this instance's cache, by id or by the text searched: forgotten when an event of one
      // of its buildings or a change of one of its owners is heard, and searches at any rename (system/hot-reads.ts).
      const { cache, key } = detailsEntry(app, text);
      const cached = await cache.get(
        key,
        () => loadDetails(app.deps.db, text),
        // Kept no longer than the first construction among them runs: its end changes the price.
        (entry) => ({ tags: entry.tags, ...(entry.until ? { expiresAt: entry.until } : {}) }),
      );
      const own = ownersReply(cached.data as DetailsData | undefined, currentUser(req).userId);
      if (own) return sendOwnJson(req, reply, own, fastRead.cacheControl);
      return sendReady(req, reply, cached.reply, fastRead.cacheControl);
    },
  );
}

type DetailsData = z.output<typeof PropertyDetailsData>;

/** A frozen building's owner's reply: the details, with why their building is frozen; null for anyone else. */
function ownersReply(details: DetailsData | undefined, viewerId: string): string | null {
  const theirs = (p: DetailsData["propertyDetails"][number]) => p.frozen === true && p.ownerId === viewerId;
  if (!details?.propertyDetails.some(theirs)) return null;
  const propertyDetails = details.propertyDetails.map((p) =>
    theirs(p) ? { ...p, frozenReason: disputeTexts.frozenReason } : p,
  );
  return JSON.stringify(ok({ propertyDetails }, "Property details"));
}

/**
 * GET /properties/leading-board. Pages are the same for every player: while the cache holds one, the front door
 * answers it (`fastRead`, lib/fast-reads.ts).
 */
function registerLeaderboard(app: PropertiesApp) {
  const { db } = app.deps;
  const fastRead = {
    cacheControl: PRIVATE,
    ready: (query: z.output<typeof LeaderboardQuery>) =>
      app.hot.leaderboard.peek(leaderboardKey(query))?.reply ?? null,
  };
  app.get(
    "/properties/leading-board",
    {
      ...READY,
      config: { fastRead },
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Players ranked by number of properties, then their total price",
        security,
        querystring: LeaderboardQuery,
        response: { 200: envelope(LeaderboardData) },
      },
    },
    async (req, reply) => {
      // Pages are the same for every player: kept whole, rebuilt when a sale, listing or rename is heard.
      const cached = await app.hot.leaderboard.get(
        leaderboardKey(req.query),
        async () => {
          // Totals at the risen prices of constructions that have ended; kept no longer than the next one runs.
          await settleDueDevelopments(db);
          const until = await nextCompletion(db);
          return {
            reply: readyReply(
              JSON.stringify(ok(LeaderboardData.parse(await leaderboard(db, req.query)), "Leaderboard")),
            ),
            tags: [],
            until,
          };
        },
        (entry) => (entry.until ? { expiresAt: entry.until } : {}),
      );
      return sendReady(req, reply, cached.reply, fastRead.cacheControl);
    },
  );
}

/** GET /properties/price-history and GET /properties: a building's sales, a player's properties. */
function registerLists(app: PropertiesApp) {
  const { db } = app.deps;
  app.get(
    "/properties/price-history",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Prices a building changed hands at, oldest first",
        security,
        querystring: PriceHistoryQuery,
        response: { 200: envelope(PriceHistoryData) },
      },
    },
    async (req) => ok({ priceHistory: await getPriceHistory(db, req.query.buildingId) }, "Price history"),
  );

  app.get(
    "/properties",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "A player's properties (the caller's by default)",
        security,
        querystring: PropertyListQuery,
        response: { 200: envelope(PropertyListData) },
      },
    },
    async (req) => {
      const ownerId = req.query.userId ?? currentUser(req).userId;
      await settleDueDevelopments(db);
      return ok(
        await listProperties(db, { ownerId, limit: req.query.limit, offset: req.query.offset }),
        "Properties",
      );
    },
  );
}

/** POST /properties/buy and its confirmation once the buyer's bank has checked the payment. */
function registerBuying(app: PropertiesApp) {
  app.post(
    "/properties/buy",
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["properties"],
        summary:
          "Buy an unowned building: price + $6.00 processing fee + $2.99 sales tax, charged to a card (202: the bank asks the buyer to confirm the payment first)",
        security,
        body: BuyPropertyBody,
        response: { 200: envelope(BuyPropertyData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) => buyReply(reply, await buyProperty(app.deps, currentUser(req).userId, req.body)),
  );

  app.post(
    api.confirmPurchase,
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["properties"],
        summary: "Finish a purchase whose payment the buyer has confirmed with their bank",
        security,
        body: ConfirmPurchaseBody,
        response: { 200: envelope(BuyPropertyData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) =>
      buyReply(reply, await confirmPurchase(app.deps, currentUser(req).userId, req.body.purchaseId)),
  );
}

/** POST /properties/place-ask and /properties/cancel-sale: putting one's building on the market and off it. */
function registerSelling(app: PropertiesApp) {
  app.post(
    "/properties/place-ask",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Put one's building up for sale at an asking price (needs a connected payout account)",
        security,
        body: PlaceAskBody,
        response: { 200: envelope(SaleData) },
      },
    },
    async (req) => {
      const result = await placeAsk(app.deps, currentUser(req).userId, req.body);
      return ok(result, result.message);
    },
  );

  app.post(
    "/properties/cancel-sale",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Take one's building off the market",
        security,
        body: CancelSaleBody,
        response: { 200: envelope(SaleData) },
      },
    },
    async (req) => {
      const result = await cancelSale(app.deps, currentUser(req).userId, req.body);
      return ok(result, result.message);
    },
  );
}

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDetails(app);
  registerLists(app);
  registerLeaderboard(app);
  registerBuying(app);
  registerSelling(app);
};
