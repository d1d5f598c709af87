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
import { readyReply, sendOwnJson, sendReady } from "../../lib/ready-reply";
import { tokenFromHeader } from "../auth/sessions";
import { collectorsLeaderboard } from "./collectors-leaderboard";
import { getCollection } from "./get-collection";
import { heldCollectionsMap } from "./held-map";
import {
  type ListReplyPieces,
  listCollections,
  listReplyPieces,
  replyWithMyCounts,
} from "./list-collections";
import { playerCollections } from "./player-collections";

/** A reply that varies with the bearer token: never kept by a shared cache. */
const PRIVATE = "private, no-cache";
/** Routes whose signed-out replies are made and compressed once (lib/ready-reply.ts). */
const READY = { compress: false, decompress: false } as const;

/** The Fastify instance the collections' routes are registered on. */
type CollectionsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The list and a collection's page as anyone sees them, made once into their bytes in this instance's cache
 * (`hot.collections`: forgotten with the market's reads at every sale, listing, bid, rename or recolour the live
 * channel announces), with the value they were made of: a signed-in viewer's reply is that value with their own
 * progress added, serialised per request.
 */
function cachedRead(app: CollectionsApp, key: string, make: () => Promise<{ body: unknown; data: unknown }>) {
  return app.hot.collections.get(key, async () => {
    const { body, data } = await make();
    return { reply: readyReply(JSON.stringify(body)), tags: [], data };
  });
}

/** The signed-in viewer's id, or null when no bearer token is sent (a token sent must be live). */
async function viewerOf(app: CollectionsApp, req: FastifyRequest): Promise<string | null> {
  const token = tokenFromHeader(req.headers.authorization);
  return token ? (await app.sessions.authenticate(token)).userId : null;
}

/** The list of collections and the collectors' leaderboard. */
function registerCollectionLists(app: CollectionsApp) {
  const { db, collections } = app.deps;
  app.get(
    "/collections",
    {
      ...READY,
      schema: {
        tags: ["collections"],
        summary:
          "Every collection (or those of one kind or neighbourhood) with its difficulty, size and holder; signed in, how many members you own",
        querystring: CollectionsQuery,
        response: { 200: envelope(CollectionsData) },
      },
    },
    async (req, reply) => {
      const viewer = await viewerOf(app, req);
      const cached = await cachedRead(app, `list|${JSON.stringify(req.query)}`, async () => {
        const list = CollectionsData.parse({
          collections: await listCollections(db, collections, req.query),
        });
        const envelopeOf = (items: CollectionsData["collections"]) =>
          ok({ collections: items }, "Collections");
        return { body: envelopeOf(list.collections), data: listReplyPieces(envelopeOf, list.collections) };
      });
      if (!viewer) return sendReady(req, reply, cached.reply, PRIVATE);
      const json = await replyWithMyCounts(db, collections, cached.data as ListReplyPieces, viewer);
      return sendOwnJson(req, reply, json, PRIVATE);
    },
  );

  app.get(
    "/collections/leaderboard",
    {
      ...READY,
      schema: {
        tags: ["collections"],
        summary: "The collectors: by collections held, then by the value of their buildings in them",
        querystring: z.strictObject({}),
        response: { 200: envelope(CollectorsData) },
      },
    },
    async (req, reply) => {
      const cached = await cachedRead(app, "collectors", async () => {
        const data = CollectorsData.parse({ collectors: await collectorsLeaderboard(db, collections) });
        return { body: ok(data, "Collectors"), data: null };
      });
      return sendReady(req, reply, cached.reply, "no-cache");
    },
  );
}

/** The held collections' map, a player's collections and one collection's page. */
function registerCollectionPages(app: CollectionsApp) {
  const { db, collections } = app.deps;
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
      ...READY,
      schema: {
        tags: ["collections"],
        summary: "One collection with its members, their values and owners (404 for an unknown id)",
        params: CollectionParams,
        response: { 200: envelope(CollectionDetail) },
      },
    },
    async (req, reply) => {
      const viewer = await viewerOf(app, req);
      const cached = await cachedRead(app, `one|${req.params.id}`, async () => {
        const data = await getCollection(db, collections, req.params.id);
        return { body: ok(CollectionDetail.parse(data.detail), data.detail.name), data };
      });
      if (!viewer) return sendReady(req, reply, cached.reply, PRIVATE);
      const { detail, ownerIds } = cached.data as Awaited<ReturnType<typeof getCollection>>;
      const myCount = ownerIds.filter((id) => id === viewer).length;
      return sendOwnJson(req, reply, JSON.stringify(ok({ ...detail, myCount }, detail.name)), PRIVATE);
    },
  );
}

/** Collections are public; a signed-in viewer (a bearer token, if sent, must be live) also sees their progress. */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollectionLists(app);
  registerCollectionPages(app);
};
