import { ok } from "@mx/kit/reply";
import {
  CollectionDetail,
  CollectionParams,
  CollectionsData,
  CollectionsQuery,
  CollectorsData,
  HeldCollectionsMapData,
  PlayerCollectionsData,
  PlayerCollectionsParams,
} from "@mx/shared/schemas/collections";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tokenFromHeader } from "../auth/sessions";
import { collectorsLeaderboard } from "./collectors-leaderboard";
import { getCollection } from "./get-collection";
import { heldCollectionsMap } from "./held-map";
import { listCollections } from "./list-collections";
import { playerCollections } from "./player-collections";

/** Collections are public; a signed-in viewer (a bearer token, if sent, must be live) also sees their progress. */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, collections } = app.deps;
  const viewerOf = async (req: FastifyRequest): Promise<string | null> => {
    const token = tokenFromHeader(req.headers.authorization);
    return token ? (await app.sessions.authenticate(token)).userId : null;
  };

  app.get(
    "/collections",
    {
      schema: {
        tags: ["collections"],
        summary:
          "Every collection (or those of one kind or neighbourhood) with its difficulty, size and holder; signed in, how many members you own",
        querystring: CollectionsQuery,
        response: { 200: envelope(CollectionsData) },
      },
    },
    async (req) =>
      ok(
        { collections: await listCollections(db, collections, await viewerOf(req), req.query) },
        "Collections",
      ),
  );

  app.get(
    "/collections/leaderboard",
    {
      schema: {
        tags: ["collections"],
        summary: "The collectors: by collections held, then by the value of their buildings in them",
        querystring: z.strictObject({}),
        response: { 200: envelope(CollectorsData) },
      },
    },
    async () => ok({ collectors: await collectorsLeaderboard(db, collections) }, "Collectors"),
  );

  app.get(
    "/collections/map",
    {
      schema: {
        tags: ["collections"],
        summary:
          "The held collections' buildings (map feature ids) in their holders' colours, for the map's mark",
        querystring: z.strictObject({}),
        response: { 200: envelope(HeldCollectionsMapData) },
      },
    },
    async () => ok(await heldCollectionsMap(db, collections), "Held collections"),
  );

  app.get(
    "/collections/players/:userName",
    {
      schema: {
        tags: ["collections"],
        summary: "A player's collections, held and once held (404 for an unknown player)",
        params: PlayerCollectionsParams,
        response: { 200: envelope(PlayerCollectionsData) },
      },
    },
    async (req) => ok(await playerCollections(db, collections, req.params.userName), "Player's collections"),
  );

  app.get(
    "/collections/:id",
    {
      schema: {
        tags: ["collections"],
        summary: "One collection with its members, their values and owners (404 for an unknown id)",
        params: CollectionParams,
        response: { 200: envelope(CollectionDetail) },
      },
    },
    async (req) => {
      const detail = await getCollection(db, collections, req.params.id, await viewerOf(req));
      return ok(detail, detail.name);
    },
  );
};
