import type { MapOptions } from "maplibre-gl";

/*
 * The names the map's style and its code share: sources, layers, feature-state keys, generated images, and the
 * colours and sizes that the legend, the marks and the tests read too.
 */

export type StyleSpecification = Exclude<MapOptions["style"], string | undefined>;
export type Layer = StyleSpecification["layers"][number];
type ExtrusionPaint = NonNullable<Extract<Layer, { type: "fill-extrusion" }>["paint"]>;
/** A style expression (derived from MapLibre's own types, whose expression type it does not export). */
export type Expression = Extract<ExtrusionPaint["fill-extrusion-color"], unknown[]>;

export const SOURCE_ID = "manhattan";
/** One point: where the selection pin stands (drawn once, not once per tile the building spans). */
export const SELECTION_SOURCE_ID = "selection";
/**
 * The island view's developed and constructing buildings, one point each (from the buildings' points and the
 * overlay), with `level`, `constructing` and the owner's `color` as properties; empty until the player zooms out.
 */
export const SITES_SOURCE_ID = "development-sites";
/** Neighbourhood label points with each one's top owner, from the API (they change as buildings are bought). */
export const NEIGHBORHOOD_SOURCE_ID = "neighborhoods";

export const LAYERS = {
  background: "water",
  land: "land",
  parks: "parks",
  streets: "streets",
  streetLabels: "street-labels",
  buildings: "buildings-3d",
  crowns: "building-crowns",
  gardens: "roof-gardens",
  scaffolding: "scaffolding",
  blocks: "island-blocks",
  siteWorks: "construction-sites",
  sites: "development-sites",
  siteLevels: "development-site-levels",
  neighborhoodLabels: "neighborhood-labels",
  outlines: "building-outlines",
  /** The mark over a held collection's buildings: a ring in the holder's colour. */
  collections: "collection-outlines",
  /** A dark casing under it, so the ring shows on any colour of wall (a white holder's too). */
  collectionCasing: "collection-outline-casing",
  selectedOutline: "selected-outline",
  saleMarkers: "for-sale-markers",
  selectedMarker: "selected-marker",
} as const;

export const SOURCE_LAYERS = {
  land: "land",
  parks: "parks",
  streets: "streets",
  buildings: "buildings",
  blocks: "blocks",
} as const;

/** Buildings are drawn one by one from this zoom; below it the island's blocks stand in for them. */
export const BUILDINGS_MIN_ZOOM = 14;

/** Colours of the map. The legend and the tests read these too. */
export const MAP_COLORS = {
  water: "#060a12",
  land: "#121a29",
  shore: "#1d2840",
  park: "#173a2c",
  parkEdge: "#21523d",
  streetMajor: "#34405c",
  streetMedium: "#2a3550",
  streetMinor: "#212b41",
  streetPath: "#2b364f",
  label: "#9aa6c0",
  labelHalo: "#0b111d",
  building: "#58647d",
  selected: "#ffcb5e",
  forSale: "#46d99b",
  garden: "#4cb860",
  scaffolding: "#c3c9d4",
  scaffoldingPoles: "#5d6779",
} as const;

/** Feature-state keys set on buildings. */
export const STATE = {
  color: "color",
  forSale: "forSale",
  hover: "hover",
  selected: "selected",
  /** Developments finished on the building (0–4). */
  level: "level",
  /** True while a development is being built. */
  constructing: "constructing",
  /** The holder's colour while the building belongs to a collection someone holds whole. */
  collection: "collection",
} as const;

/** Names of the generated images drawn above buildings on the market and above the selected one. */
export const MARKER_IMAGES = {
  sale: "for-sale-tag",
  selected: "selected-pin",
  hatch: "scaffold-hatch",
  /** The island view's mark of a building under construction: a hatched grey square. */
  works: "scaffold-site",
} as const;

/** The island view's digit on a developed building's dot: `site-level-1` … `site-level-4`. */
export const SITE_LEVEL_IMAGE_PREFIX = "site-level-";

/** Height in metres as drawn: the tile's `height`, at least 3 m, 8 m when missing. */
export const DEFAULT_HEIGHT_M = 8;

/** The island view's dot: its radius in pixels at zooms 10 and 13, by level (1–4). */
export const SITE_LOOK = {
  radius: { z10: [0, 5.5, 6.2, 6.9, 7.6], z13: [0, 7, 8, 9, 10] },
  /** The hatched square of works is this many times the dot's diameter (level 0: the level-1 dot's). */
  worksScale: 1.5,
  /** The square's image is drawn this many CSS pixels wide. */
  worksImagePx: 24,
} as const;
