import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import {
  MarketBuildingData,
  MarketBuildingQuery,
  MarketIndexData,
  MarketIndexQuery,
  MarketListingsData,
  MarketListingsQuery,
  MarketTradesData,
  MarketTradesQuery,
  PortfolioData,
  StatementData,
  StatementQuery,
} from "@mx/shared/schemas/market";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readyReply, sendReady } from "../../lib/ready-reply";
import { currentUser } from "../auth/plugin";
import { buildingMarket } from "./building-market";
import { getPortfolio } from "./get-portfolio";
import { getStatement, statementCsv } from "./get-statement";
import { listListings } from "./list-listings";
import { listTrades } from "./list-trades";
import { marketIndex } from "./market-index";

/** The same for every player: a cache along the way keeps it but asks again every time, sending the ETag. */
const PRIVATE = "private, no-cache";
/** Routes whose replies are made and compressed once, in this instance's cache (lib/ready-reply.ts). */
const READY = { compress: false, decompress: false } as const;

/** The Fastify instance the market's routes are registered on. */
type MarketApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

/**
 * A market read answered from this instance's cache (hot.market), keyed by the route and its parsed query (the
 * schema gives every query one shape, defaults filled in), made once as the bytes the schema would write. Bad
 * input throws before anything is kept.
 */
async function cachedRead<T>(
  app: MarketApp,
  req: FastifyRequest,
  reply: FastifyReply,
  route: string,
  schema: { parse(value: unknown): T },
  message: string,
  read: () => Promise<unknown>,
) {
  const cached = await app.hot.market.get(`${route}|${JSON.stringify(req.query)}`, async () => ({
    reply: readyReply(JSON.stringify(ok(schema.parse(await read()), message))),
    tags: [],
  }));
  return sendReady(req, reply, cached.reply, PRIVATE);
}

/** The cached reads of the whole market: listings, trades and the neighbourhoods' index. */
function registerMarketReads(app: MarketApp) {
  const { db } = app.deps;
  app.get(
    "/market/listings",
    {
      ...READY,
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "Buildings for sale, filtered and sorted, one page with the total",
        security,
        querystring: MarketListingsQuery,
        response: { 200: envelope(MarketListingsData) },
      },
    },
    async (req, reply) =>
      cachedRead(app, req, reply, "listings", MarketListingsData, "Market listings", () =>
        listListings(db, req.query),
      ),
  );

  app.get(
    "/market/trades",
    {
      ...READY,
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "Trades newest first: of a building, of a neighbourhood, or of the island",
        security,
        querystring: MarketTradesQuery,
        response: { 200: envelope(MarketTradesData) },
      },
    },
    async (req, reply) => {
      const { buildingId, neighborhood } = req.query;
      if (buildingId && neighborhood) {
        throw new AppError("BAD_REQUEST", "neighborhood: give either buildingId or neighborhood, not both");
      }
      return cachedRead(app, req, reply, "trades", MarketTradesData, "Trades", () =>
        listTrades(db, req.query),
      );
    },
  );

  app.get(
    "/market/index",
    {
      ...READY,
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "A neighbourhood's trades and median price per square foot, day by day",
        security,
        querystring: MarketIndexQuery,
        response: { 200: envelope(MarketIndexData) },
      },
    },
    async (req, reply) =>
      // The window ends today (UTC): a new day is a new answer.
      cachedRead(
        app,
        req,
        reply,
        `index:${new Date().toISOString().slice(0, 10)}`,
        MarketIndexData,
        "Market index",
        () => marketIndex(db, req.query),
      ),
  );
}

/** One building's market. */
function registerBuildingMarket(app: MarketApp) {
  const { db } = app.deps;
  app.get(
    "/market/building",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "One building's ask, bids (amounts only), last trades and price per square foot",
        security,
        querystring: MarketBuildingQuery,
        response: { 200: envelope(MarketBuildingData) },
      },
    },
    async (req) => ok(await buildingMarket(db, req.query.buildingId), "Building market"),
  );
}

/** The caller's own money views: portfolio and yearly statement. */
function registerPlayerMoneyViews(app: MarketApp) {
  const { db } = app.deps;
  app.get(
    "/users/portfolio",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "The caller's holdings, realised sales and totals, from the ledger",
        security,
        // Only the caller's own: there is no parameter naming another player.
        querystring: z.strictObject({}),
        response: { 200: envelope(PortfolioData) },
      },
    },
    async (req) => ok(await getPortfolio(db, currentUser(req).userId), "Portfolio"),
  );

  app.get(
    "/users/statement",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary:
          "Every money movement of the caller in a year, with the running earnings balance (JSON or CSV)",
        security,
        querystring: StatementQuery,
        // format=csv answers text/csv, as a download.
        response: { 200: z.union([envelope(StatementData), z.string()]) },
      },
    },
    async (req, reply) => {
      const { year, format } = req.query;
      const statement = await getStatement(db, currentUser(req).userId, year);
      if (format === "json") return ok(statement, "Statement");
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="manhattan-exchange-statement-${year}.csv"`)
        .serializer((payload: unknown) => String(payload))
        .send(statementCsv(statement));
    },
  );
}

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMarketReads(app);
  registerBuildingMarket(app);
  registerPlayerMoneyViews(app);
};
