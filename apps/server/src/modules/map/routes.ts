import { gunzipSync } from "node:zlib";
import { ok } from "@mx/kit/reply";
import { decimal, envelope } from "@mx/shared/schemas/common";
import { MapManifest, MapState } from "@mx/shared/schemas/map";
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

export const mapRoutes = (tiles: MapTiles): FastifyPluginAsyncZod =>
  async function mapRoutesPlugin(app) {
    // Served from memory for up to a second between changes; a change heard on the live channel ends that at once.
    const stateCache = new MapStateCache(app.deps.db, 1000, () => settleDueDevelopments(app.deps.db));
    app.hot.onMapChange(() => stateCache.markStale());
    // The same overlay for everyone: while memory may answer, the front door answers (lib/fast-reads.ts).
    app.fastReads.set("/api/v1/map/state", {
      route: "/api/v1/map/state",
      cacheControl: "no-cache",
      signedIn: false,
      limited: false,
      ready(query) {
        const parsed = MapStateQuery.safeParse(query);
        return parsed.success ? stateCache.peek(parsed.data.encoding) : null;
      },
    });
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

    app.get(
      "/api/v1/map/state",
      {
        config: { rateLimit: false },
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
        ),
    );

    app.get(
      "/map-data/:version/sites.bin",
      { config: { rateLimit: false }, schema: { hide: true, params: SitesParams } },
      async (req, reply) => {
        const sites = await tiles.sites();
        // As for tiles: an old version's URL gets today's points, not to be cached as the old ones.
        reply
          .header(
            "cache-control",
            sites.version === req.params.version ? "public, max-age=31536000, immutable" : "no-cache",
          )
          .header("vary", "accept-encoding")
          .type("application/octet-stream");
        if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
          return reply.header("content-encoding", "gzip").send(sites.gzipped);
        }
        return reply.send(gunzipSync(sites.gzipped));
      },
    );

    app.get(
      "/map-data/:version/:z/:x/:y",
      { config: { rateLimit: false }, schema: { hide: true, params: TileParams } },
      async (req, reply) => {
        const { version, z: zoom, x } = req.params;
        const tile = await tiles.tile(zoom, x, Number.parseInt(req.params.y, 10));
        if (!tile)
          return reply.code(404).send({ statusCode: 404, message: "No such tile.", code: "NOT_FOUND" });
        // An old version's URL still gets today's tile, but must not be cached as if it were the old one.
        reply
          .header(
            "cache-control",
            tile.version === version ? "public, max-age=31536000, immutable" : "no-cache",
          )
          .header("vary", "accept-encoding")
          .type("application/x-protobuf");
        if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
          return reply.header("content-encoding", "gzip").send(tile.gzipped);
        }
        return reply.send(gunzipSync(tile.gzipped));
      },
    );
  };
