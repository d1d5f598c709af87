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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { ok } from "../../lib/reply";
import { currentUser } from "../auth/plugin";
import { buildingMarket } from "./building-market";
import { getPortfolio } from "./get-portfolio";
import { getStatement, statementCsv } from "./get-statement";
import { listListings } from "./list-listings";
import { listTrades } from "./list-trades";
import { marketIndex } from "./market-index";

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    "/market/listings",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "Buildings for sale, filtered and sorted, one page with the total",
        security,
        querystring: MarketListingsQuery,
        response: { 200: envelope(MarketListingsData) },
      },
    },
    async (req) => ok(await listListings(db, req.query), "Market listings"),
  );

  app.get(
    "/market/trades",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "Trades newest first: of a building, of a neighbourhood, or of the island",
        security,
        querystring: MarketTradesQuery,
        response: { 200: envelope(MarketTradesData) },
      },
    },
    async (req) => {
      const { buildingId, neighborhood } = req.query;
      if (buildingId && neighborhood) {
        throw new AppError("BAD_REQUEST", "neighborhood: give either buildingId or neighborhood, not both");
      }
      return ok(await listTrades(db, req.query), "Trades");
    },
  );

  app.get(
    "/market/index",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["market"],
        summary: "A neighbourhood's trades and median price per square foot, day by day",
        security,
        querystring: MarketIndexQuery,
        response: { 200: envelope(MarketIndexData) },
      },
    },
    async (req) => ok(await marketIndex(db, req.query), "Market index"),
  );

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
};
