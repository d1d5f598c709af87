import { z } from "zod";

/** Where the static map geometry lives. Tile URLs carry a content hash and are cached forever. */
export const MapManifest = z.object({
  /** Hash of the geometry; changes whenever the catalogue or the base map changes. */
  version: z.string(),
  /** Vector tile URL template: layers "land", "parks", "streets" (name, highway), "buildings" (id = mapId, height, name; zoom 14 up) and "blocks" (height; below zoom 14). */
  tiles: z.string(),
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  /** [west, south, east, north] of everything drawn. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** [west, south, east, north] of the buildings that can be bought. */
  playableBounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The land's outline, coarsely (its convex hull, [lng, lat] points): what the widest view must show. */
  outline: z.array(z.tuple([z.number(), z.number()])).optional(),
  /**
   * Where every building stands (one rounded point each, by mapId; see `map-sites.ts`), for the island view: the map
   * draws developments from it below the zoom of the "buildings" layer. Cached for good, like the tiles.
   */
  sites: z.string().optional(),
  /** [lng, lat] to open on. */
  center: z.tuple([z.number(), z.number()]),
  buildingCount: z.number().int(),
  attribution: z.string(),
});
export type MapManifest = z.infer<typeof MapManifest>;

/**
 * Ownership overlay, small enough to poll: `owned` is a flat list of pairs [mapId, colourIndex, mapId, colourIndex, …]
 * into `colors`; `forSale` lists the mapIds on the market; `developed` is a flat list of pairs [mapId, code, …] for
 * every building developed or under construction, where code = level × 2 + (1 while a construction runs): the
 * level is what is finished (0–4), and a construction builds level + 1.
 */
export const MapState = z.object({
  colors: z.array(z.string()),
  owned: z.array(z.number().int()),
  forSale: z.array(z.number().int()),
  developed: z.array(z.number().int()),
});
export type MapState = z.infer<typeof MapState>;
