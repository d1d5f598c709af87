import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { GeoJSONVT } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { encodeSites } from "@mx/shared/map-sites";
import type { MapManifest } from "@mx/shared/schemas/map";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { catalogueGeneration, FRESH_MS } from "../buildings/catalogue-index";
import { landAndStreets, landAndStreetsKey, type MapData } from "../buildings/map-data";

const TILE_MIN_ZOOM = 10;
const TILE_MAX_ZOOM = 16;
/** Buildings are drawn one by one from this zoom on; below it the island is drawn as blocks (see BLOCK_DEG). */
const BUILDINGS_MIN_ZOOM = 14;
/** Below this zoom only the larger streets are drawn. */
const MINOR_STREETS_MIN_ZOOM = 14;
const MAJOR_STREETS = new Set(["motorway", "trunk", "primary", "secondary", "tertiary"]);
const CACHE_LIMIT = 4000;

const ATTRIBUTION =
  "Building footprints and streets © OpenStreetMap contributors, ODbL 1.0 · Tax-lot values, addresses and borough boundary: NYC Department of City Planning (PLUTO) and NYC Open Data · Neighbourhoods: NYC Department of City Planning, 2020 Neighborhood Tabulation Areas, NYC Open Data · Whole-island footprints: NYC 3-D Building Model, DoITT, 2014, NYC Open Data · Island database: ODbL 1.0";

/**
 * Below BUILDINGS_MIN_ZOOM a building is a pixel or two wide, dropped by simplification, and the tiles would weigh
 * megabytes: the island is drawn instead as blocks, each as tall as the tallest building whose centre is in it.
 * At zoom 13 a block is about 40 m, and it doubles with each zoom out, so a block stays about 5 px wide on screen
 * and the whole island is a few thousand of them, light to draw even without a GPU.
 */
const BLOCK_DEG = { lng: 0.0005, lat: 0.00036 };
// Zoom 10, the whole island on a phone, keeps zoom 11's blocks: the island still reads as a city, not a few smudges.
const blockScale = (z: number) => 2 ** Math.min(2, Math.max(0, BUILDINGS_MIN_ZOOM - 1 - z));

type Layers = {
  land: GeoJSONVT | null;
  parks: GeoJSONVT | null;
  streets: GeoJSONVT | null;
  buildings: GeoJSONVT;
  /** By zoom, TILE_MIN_ZOOM … BUILDINGS_MIN_ZOOM - 1. */
  blocks: Map<number, GeoJSONVT>;
};
type Built = {
  key: string;
  manifest: MapManifest;
  layers: Layers;
  cache: Map<string, Buffer>;
  /** Every building's point (see `map-sites.ts`), gzipped. */
  sites: Buffer;
};

/** The convex hull of every point of `features`, counter-clockwise (monotone chain). */
function convexHull(features: GeoJSON.Feature[]): [number, number][] {
  const points: [number, number][] = [];
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number") points.push([c[0], c[1]]);
    else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  for (const f of features) if (f.geometry && "coordinates" in f.geometry) visit(f.geometry.coordinates);
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (points.length < 3) return points;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const p of list) {
      while (
        out.length >= 2 &&
        cross(out[out.length - 2] as [number, number], out[out.length - 1] as [number, number], p) <= 0
      )
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(points), ...half([...points].reverse())];
}

function bbox(features: GeoJSON.Feature[]): [number, number, number, number] {
  let [w, s, e, n] = [180, 90, -180, -90];
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number") {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
    } else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  for (const f of features) if (f.geometry && "coordinates" in f.geometry) visit(f.geometry.coordinates);
  return [w, s, e, n];
}

/** The island at a glance: buildings gathered into small square blocks, as tall as their tallest building. */
function blockFeatures(
  rows: { lat: number; lng: number; height: number }[],
  scale: number,
): GeoJSON.Feature[] {
  const size = { lng: BLOCK_DEG.lng * scale, lat: BLOCK_DEG.lat * scale };
  const cells = new Map<string, { i: number; j: number; height: number }>();
  for (const r of rows) {
    const i = Math.floor(r.lng / size.lng);
    const j = Math.floor(r.lat / size.lat);
    const key = `${i},${j}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { i, j, height: r.height });
    else if (r.height > cell.height) cell.height = r.height;
  }
  return [...cells.values()].map(({ i, j, height }) => {
    const [w, s, e, n] = [i * size.lng, j * size.lat, (i + 1) * size.lng, (j + 1) * size.lat];
    return {
      type: "Feature",
      properties: { height: Math.round(height) },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ],
        ],
      },
    };
  });
}

/** Where the map opens: Midtown's towers, when the catalogue reaches them (the island's middle is Central Park). */
const MIDTOWN: [number, number] = [-73.9875, 40.7475];
const within = ([lng, lat]: [number, number], [w, s, e, n]: [number, number, number, number]) =>
  lng >= w && lng <= e && lat >= s && lat <= n;

/** The tile (x, y) at zoom z that holds a point (Web Mercator). */
function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(Math.max(x, 0), n - 1), Math.min(Math.max(y, 0), n - 1)];
}

const indexOptions = { maxZoom: TILE_MAX_ZOOM, indexMaxZoom: 5, tolerance: 2, extent: 4096, buffer: 64 };

/**
 * Vector tiles of the land, the streets and every catalogued building, cut on demand and kept gzipped in memory.
 * The URL carries a hash of what went in, so a tile can be cached forever; the catalogue is re-read when it changes.
 */
export class MapTiles {
  private built: Built | null = null;
  private building: Promise<Built> | null = null;
  /** When the catalogue was last seen unchanged, and this process's import count then. */
  private checked = { at: 0, generation: -1 };

  constructor(
    private readonly db: Queryable,
    private readonly mapData: MapData,
  ) {}

  /** What the catalogue looks like now: cheap to ask on every manifest request. */
  private async catalogueKey(): Promise<{ key: string; count: number }> {
    const [row] = await queryRows<{ n: number; latest: string | null }>(
      this.db,
      sql`select count(*)::int as n, max(imported_at)::text as latest from buildings`,
    );
    return {
      key: [row?.n ?? 0, row?.latest ?? "", landAndStreetsKey(this.mapData)].join("|"),
      count: row?.n ?? 0,
    };
  }

  async current(): Promise<Built> {
    const { key, count } = await this.catalogueKey();
    if (count === 0) {
      throw new AppError(
        "UNAVAILABLE",
        "No buildings have been imported yet: run `npm run import` (the island file, or MAP_DATA_DIR) or `npm run import -- <file>`.",
      );
    }
    this.checked = { at: Date.now(), generation: catalogueGeneration(this.db) };
    if (this.built?.key === key) return this.built;
    if (!this.building) {
      this.building = this.build(key).finally(() => {
        this.building = null;
      });
    }
    this.built = await this.building;
    return this.built;
  }

  private async build(key: string): Promise<Built> {
    const rows = await this.db
      .select({
        mapId: buildings.mapId,
        id: buildings.id,
        lat: buildings.lat,
        lng: buildings.lng,
        name: buildings.name,
        address: buildings.address,
        height: buildings.heightM,
        footprint: buildings.footprint,
      })
      .from(buildings);
    const buildingFeatures: GeoJSON.Feature[] = rows.map((r) => ({
      type: "Feature",
      id: r.mapId,
      properties: { height: r.height, name: r.name ?? r.address ?? "", buildingId: r.id },
      geometry: r.footprint,
    }));
    const { land, streets, parks } = landAndStreets(this.mapData);
    const layers: Layers = {
      land: land ? new GeoJSONVT({ type: "FeatureCollection", features: land }, indexOptions) : null,
      streets: streets ? new GeoJSONVT({ type: "FeatureCollection", features: streets }, indexOptions) : null,
      parks:
        parks.length > 0 ? new GeoJSONVT({ type: "FeatureCollection", features: parks }, indexOptions) : null,
      buildings: new GeoJSONVT({ type: "FeatureCollection", features: buildingFeatures }, indexOptions),
      // No simplification: a block must not be dropped for being small.
      blocks: new Map(
        Array.from({ length: BUILDINGS_MIN_ZOOM - TILE_MIN_ZOOM }, (_, k) => {
          const z = TILE_MIN_ZOOM + k;
          const features = blockFeatures(rows, blockScale(z));
          return [
            z,
            new GeoJSONVT(
              { type: "FeatureCollection", features },
              { ...indexOptions, maxZoom: z, tolerance: 0 },
            ),
          ];
        }),
      ),
    };
    const playable = bbox(buildingFeatures);
    const bounds = land ? bbox(land) : playable;
    const version = createHash("sha256").update(key).digest("hex").slice(0, 16);
    return {
      key,
      layers,
      cache: new Map(),
      sites: gzipSync(encodeSites(rows.map((r) => ({ mapId: r.mapId, lng: r.lng, lat: r.lat })))),
      manifest: {
        version,
        tiles: `/map-data/${version}/{z}/{x}/{y}.pbf`,
        minzoom: TILE_MIN_ZOOM,
        maxzoom: TILE_MAX_ZOOM,
        bounds,
        playableBounds: playable,
        ...(land ? { outline: convexHull(land) } : {}),
        sites: `/map-data/${version}/sites.bin`,
        center: within(MIDTOWN, playable)
          ? MIDTOWN
          : [(playable[0] + playable[2]) / 2, (playable[1] + playable[3]) / 2],
        buildingCount: rows.length,
        attribution: ATTRIBUTION,
      },
    };
  }

  /**
   * Builds the tiles ahead of the players, most wanted first: every tile of the island view (zooms 11 to 13), then
   * the streets around where the map opens, then zooms 14 and 15 over the whole island. One tile at a time, giving
   * way to requests in between; stops early when the catalogue changes.
   */
  async warm(): Promise<{ tiles: number; ms: number }> {
    const started = Date.now();
    const built = await this.current();
    const [w, s, e, n] = built.manifest.playableBounds;
    const [cx, cy] = built.manifest.center;
    const wanted: [number, number, number][] = [];
    const range = (z: number, [west, south, east, north]: [number, number, number, number]) => {
      const [x0, y0] = tileAt(west, north, z);
      const [x1, y1] = tileAt(east, south, z);
      for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) wanted.push([z, x, y]);
    };
    for (let z = TILE_MIN_ZOOM; z < BUILDINGS_MIN_ZOOM; z += 1) range(z, [w, s, e, n]);
    // About 2.5 km around the opening view, as far as a tilted camera sees.
    for (const z of [15, 14, 16]) range(z, [cx - 0.02, cy - 0.015, cx + 0.02, cy + 0.015]);
    for (const z of [14, 15]) range(z, [w, s, e, n]);
    let tiles = 0;
    for (const [z, x, y] of wanted) {
      if (this.built !== built) break;
      if (!built.cache.has(`${z}/${x}/${y}`)) {
        await this.tile(z, x, y);
        tiles += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { tiles, ms: Date.now() - started };
  }

  /** Every building's point for the island view, gzipped, with the version it belongs to. */
  async sites(): Promise<{ version: string; gzipped: Buffer }> {
    const built = await this.current();
    return { version: built.manifest.version, gzipped: built.sites };
  }

  /** A gzipped Mapbox Vector Tile (possibly empty), or null outside the zoom range. */
  async tile(z: number, x: number, y: number): Promise<{ version: string; gzipped: Buffer } | null> {
    if (z < TILE_MIN_ZOOM || z > TILE_MAX_ZOOM || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return null;
    // Tiles come by the dozen: the catalogue is asked whether it changed at most once per FRESH_MS (an import by this
    // process is known at once).
    const fresh =
      this.built !== null &&
      this.checked.generation === catalogueGeneration(this.db) &&
      Date.now() - this.checked.at < FRESH_MS;
    const built = fresh && this.built ? this.built : await this.current();
    const key = `${z}/${x}/${y}`;
    let gzipped = built.cache.get(key);
    if (!gzipped) {
      type Tile = NonNullable<ReturnType<GeoJSONVT["getTile"]>>;
      const tiles: Record<string, Tile> = {};
      const land = built.layers.land?.getTile(z, x, y);
      if (land) tiles.land = land;
      const parks = built.layers.parks?.getTile(z, x, y);
      if (parks) tiles.parks = parks;
      const streets = built.layers.streets?.getTile(z, x, y);
      if (streets) {
        tiles.streets =
          z >= MINOR_STREETS_MIN_ZOOM
            ? streets
            : ({
                ...streets,
                features: streets.features.filter((f) => MAJOR_STREETS.has(String(f.tags?.highway))),
              } as Tile);
      }
      if (z >= BUILDINGS_MIN_ZOOM) {
        const b = built.layers.buildings.getTile(z, x, y);
        if (b) tiles.buildings = b;
      } else {
        const blocks = built.layers.blocks.get(z)?.getTile(z, x, y);
        if (blocks) tiles.blocks = blocks;
      }
      gzipped = gzipSync(fromGeojsonVt(tiles, { version: 2, extent: 4096 }));
      if (built.cache.size >= CACHE_LIMIT) {
        const oldest = built.cache.keys().next().value;
        if (oldest !== undefined) built.cache.delete(oldest);
      }
      built.cache.set(key, gzipped);
    }
    return { version: built.manifest.version, gzipped };
  }
}
