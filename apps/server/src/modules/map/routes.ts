import { gunzipSync } from "node:zlib";
import { ok } from "@mx/kit/reply";
import { decimal, envelope } from "@mx/shared/schemas/common";
import { MapManifest, MapState } from "@mx/shared/schemas/map";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendReady } from "../../lib/ready-reply";
import { settleDueDevelopments } from "../developments/construction";
import { MapStateCache } from "./map-state-cache";
import type { MapTiles } from "./tiles";

const MapStateQuery = z.strictObject({ encoding: z.enum(["pairs", "delta"]).default("pairs") });

const TileParams = z.strictObject({
  version: z.string().regex(/^[0-9a-f]{16}$/, { error: "must be a map version" }),
  z: decimal(z.number().int().min(0).max(22)),
  x: decimal(z.number().int().min(0)),
  y: z.string().regex(/^\d+\.pbf$/, { error: "must be a tile row like 123.pbf" }),
});

const SitesParams = z.strictObject({
  version: z.string().regex(/^[0-9a-f]{16}$/, { error: "must be a map version" }),
});

/** The app as a route plugin of the map's gets it, its schemas in Zod. */
type MapApp = Parameters<FastifyPluginAsyncZod>[0];

/** Kept by browsers and proxies for good: a version's URL never changes what it names. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Sends one of the map's gzipped files: as it is to a client that takes gzip, unzipped to another. An old version's
 * URL still gets today's file, but must not be cached as if it were the old one.
 */
function sendGzipped(
  req: FastifyRequest,
  reply: FastifyReply,
  file: { version: string; gzipped: Buffer },
  asked: string,
  type: string,
) {
  reply
    .header("cache-control", file.version === asked ? IMMUTABLE : "no-cache")
    .header("vary", "accept-encoding")
    .type(type);
  if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    return reply.header("content-encoding", "gzip").send(file.gzipped);
  }
  return reply.send(gunzipSync(file.gzipped));
}

/** GET /api/v1/map/manifest: where the map's vector tiles are, and what they cover. */
function registerManifest(app: MapApp, tiles: MapTiles) {
  app.get(
    "/api/v1/map/manifest",
    {
      schema: {
        tags: ["map"],
        summary: "Where the map's vector tiles are, and what they cover",
        response: { 200: envelope(MapManifest) },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "no-cache");
      return ok((await tiles.current()).manifest, "Map manifest");
    },
  );
}

/**
 * GET /api/v1/map/state: the overlay, the same for everyone. Served from memory for up to a second between changes; a
 * change heard on the live channel ends that at once. While memory holds it, the front door answers it
 * (`fastRead`, lib/fast-reads.ts).
 */
function registerState(app: MapApp) {
  const stateCache = new MapStateCache(app.deps.db, 1000, () => settleDueDevelopments(app.deps.db));
  app.hot.onMapChange(() => stateCache.markStale());
  const fastRead = {
    cacheControl: "no-cache",
    ready: (query: z.output<typeof MapStateQuery>) => stateCache.peek(query.encoding),
  };
  app.get(
    "/api/v1/map/state",
    {
      config: { rateLimit: false, fastRead },
      compress: false,
      decompress: false,
      schema: {
        tags: ["map"],
        summary: "Owned buildings with their owner's colour, and buildings for sale",
        description:
          "With `encoding=delta` every mapId (in `owned`, `forSale` and `developed`) is its difference from the one before it: " +
          "the map's form, a fraction of the size with the whole island owned.",
        querystring: MapStateQuery,
        response: { 200: envelope(MapState), 304: z.null().describe("Unchanged since the ETag sent") },
      },
    },
    async (req, reply) =>
      // Made and compressed once per version of the overlay; 304 when the client has it already.
      sendReady(
        req,
        reply,
        req.query.encoding === "delta" ? await stateCache.encodedDelta() : await stateCache.readyPairs(),
        fastRead.cacheControl,
      ),
  );
}

/** GET /map-data/:version/sites.bin: the points of the island's buildings, for the map to draw. */
function registerSites(app: MapApp, tiles: MapTiles) {
  app.get(
    "/map-data/:version/sites.bin",
    { config: { rateLimit: false }, schema: { hide: true, params: SitesParams } },
    async (req, reply) =>
      sendGzipped(req, reply, await tiles.sites(), req.params.version, "application/octet-stream"),
  );
}

/** GET /map-data/:version/:z/:x/:y: one vector tile of the map. */
function registerTiles(app: MapApp, tiles: MapTiles) {
  app.get(
    "/map-data/:version/:z/:x/:y",
    { config: { rateLimit: false }, schema: { hide: true, params: TileParams } },
    async (req, reply) => {
      const { version, z: zoom, x } = req.params;
      const tile = await tiles.tile(zoom, x, Number.parseInt(req.params.y, 10));
      if (!tile)
        return reply.code(404).send({ statusCode: 404, message: "No such tile.", code: "NOT_FOUND" });
      return sendGzipped(req, reply, tile, version, "application/x-protobuf");
    },
  );
}

export const mapRoutes = (tiles: MapTiles): FastifyPluginAsyncZod =>
  async function mapRoutesPlugin(app) {
    registerManifest(app, tiles);
    registerState(app);
    registerSites(app, tiles);
    registerTiles(app, tiles);
  };
