import { ok } from "@mx/kit/reply";
import { WATCHLIST_MAX } from "@mx/shared/constants";
import { envelope } from "@mx/shared/schemas/common";
import {
  UnwatchData,
  WatchBody,
  WatchedBuilding,
  WatchlistData,
  WatchParams,
} from "@mx/shared/schemas/watchlist";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { listWatchlist } from "./list-watchlist";
import { unwatchBuilding } from "./unwatch-building";
import { watchBuilding } from "./watch-building";

export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    "/users/watchlist",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["watchlist"],
        summary:
          "The buildings the caller watches, newest watched first, with price, ask, best bid and last trade",
        security,
        querystring: z.strictObject({}),
        response: { 200: envelope(WatchlistData) },
      },
    },
    async (req) => ok({ buildings: await listWatchlist(db, currentUser(req).userId) }, "Watchlist"),
  );

  app.post(
    "/users/watchlist",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["watchlist"],
        summary: `Watch a building (again is fine; at most ${WATCHLIST_MAX}, else 409)`,
        security,
        body: WatchBody,
        response: { 200: envelope(WatchedBuilding) },
      },
    },
    async (req) => {
      const entry = await watchBuilding(db, currentUser(req).userId, req.body.buildingId);
      return ok(entry, `You are watching ${entry.name}.`);
    },
  );

  app.delete(
    "/users/watchlist/:buildingId",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["watchlist"],
        summary: "Stop watching a building (200 whether or not it was watched; 404 for an unknown building)",
        security,
        params: WatchParams,
        response: { 200: envelope(UnwatchData) },
      },
    },
    async (req) => {
      const { buildingId } = req.params;
      await unwatchBuilding(db, currentUser(req).userId, buildingId);
      return ok({ buildingId, watching: false as const }, "You no longer watch this building.");
    },
  );
};
