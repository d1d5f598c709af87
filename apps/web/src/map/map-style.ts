import { MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import type { MapManifest } from "@mx/shared/schemas/map";
import type { MapOptions } from "maplibre-gl";

/*
 * The map's look, built from the manifest. Everything is drawn from our own vector tiles: no
 * glyphs URL (labels are drawn locally from the system's sans-serif), no sprite, no third-party tiles.
 */

export type StyleSpecification = Exclude<MapOptions["style"], string | undefined>;
type Layer = StyleSpecification["layers"][number];
type ExtrusionPaint = NonNullable<Extract<Layer, { type: "fill-extrusion" }>["paint"]>;
/** A style expression (derived from MapLibre's own types, whose expression type it does not export). */
type Expression = Extract<ExtrusionPaint["fill-extrusion-color"], unknown[]>;

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

const highway: Expression = ["get", "highway"];
const MAJOR = ["motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link"];
const MEDIUM = ["secondary", "secondary_link", "tertiary", "tertiary_link"];
const PATHS = ["footway", "path", "pedestrian", "cycleway", "steps", "corridor", "bridleway"];

/** One value per street class: major avenues, cross-town streets, local streets, footpaths. */
function byClass(major: number, medium: number, minor: number, path: number): Expression {
  return ["match", highway, MAJOR, major, MEDIUM, medium, PATHS, path, minor];
}

function byClassColor(major: string, medium: string, minor: string, path: string): Expression {
  return ["match", highway, MAJOR, major, MEDIUM, medium, PATHS, path, minor];
}

const ownerColor: Expression = ["feature-state", STATE.color];
const isOwned: Expression = ["==", ["typeof", ownerColor], "string"];
const isHovered: Expression = ["boolean", ["feature-state", STATE.hover], false];
const isSelected: Expression = ["boolean", ["feature-state", STATE.selected], false];
const isForSale: Expression = ["boolean", ["feature-state", STATE.forSale], false];

/** The owner's colour, or the neutral slate of an unowned building. */
const baseColor: Expression = ["case", isOwned, ["to-color", ownerColor], MAP_COLORS.building];

/** `colour` mixed with white by `amount` (0..1). */
function lighten(colour: Expression, amount: number): Expression {
  const channel = (i: number): Expression => [
    "+",
    ["*", ["at", i, ["var", "rgba"]], 1 - amount],
    255 * amount,
  ];
  return ["let", "rgba", ["to-rgba", colour], ["rgb", channel(0), channel(1), channel(2)]];
}

const level: Expression = ["number", ["feature-state", STATE.level], 0];
const isConstructing: Expression = ["boolean", ["feature-state", STATE.constructing], false];
const atLevel = (n: number): Expression => [">=", level, n];

/**
 * The owner's colour at full brightness (its strongest channel raised to 255), then mixed with white by `amount`:
 * a light that reads as the owner's colour even when that colour is dark.
 */
function glow(colour: Expression, amount: number): Expression {
  const rgba: Expression = ["var", "rgba"];
  const strongest: Expression = ["max", ["at", 0, rgba], ["at", 1, rgba], ["at", 2, rgba], 1];
  const channel = (i: number): Expression => [
    "+",
    ["*", ["min", 255, ["/", ["*", ["at", i, rgba], 255], strongest]], 1 - amount],
    255 * amount,
  ];
  return ["let", "rgba", ["to-rgba", colour], ["rgb", channel(0), channel(1), channel(2)]];
}

/** How the developments look: shared by the style's expressions and the code that places marks above roofs. */
const DEVELOPMENT_LOOK = {
  /** Level 1 onwards: the walls are the owner's colour mixed with this much white (black, for a light colour). */
  facadeTint: 0.3,
  /** A colour whose luma (0–255) is above this is light: it is set off with black rather than white. */
  lightAbove: 200,
  /** A hovered building is set off again by this much. */
  hoverTint: 0.38,
  /** Level 2 onwards: the green roof's depth, metres. */
  gardenDepth: 3,
  /** Level 3 onwards: the share of the building's height, at the top, that glows. */
  crownShare: 0.1,
  /** The glow: the owner's colour at full brightness, mixed with this much white. */
  crownTint: 0.55,
  /** Level 4: the building is this much taller, and at least `floorsMinGain` metres taller. */
  floorsGrowth: 0.15,
  floorsMinGain: 6,
  /** The scaffolding's cap reaches this far above what it is building: this share of the height, at least the minimum. */
  scaffoldShare: 0.08,
  scaffoldMin: 4,
  /** The scaffolding is see-through. */
  scaffoldOpacity: 0.55,
} as const;

/** Metres a building of `height` stands at `level` (level 4 adds floors); the roof garden is on top of this. */
export function builtHeight(height: number, atLevel: number): number {
  const { floorsGrowth, floorsMinGain } = DEVELOPMENT_LOOK;
  return atLevel >= 4 ? Math.max(height * (1 + floorsGrowth), height + floorsMinGain) : height;
}

/** Metres of everything drawn at `level`: the building and, from level 2, its roof garden. */
export function roofTop(height: number, atLevel: number): number {
  return builtHeight(height, atLevel) + (atLevel >= 2 ? DEVELOPMENT_LOOK.gardenDepth : 0);
}

/** The top of the scaffolding over a building of `height` at `level` building the next level. */
export function scaffoldTop(height: number, atLevel: number): number {
  const { scaffoldShare, scaffoldMin } = DEVELOPMENT_LOOK;
  return roofTop(height, atLevel + 1) + Math.max(height * scaffoldShare, scaffoldMin);
}

/**
 * The colour set off from itself by `amount`: mixed with white, or, when it is near white already (a light owner
 * colour, such as the default white), with black, so that the change shows on every owner's colour.
 */
function setOff(colour: Expression, amount: number): Expression {
  const rgba: Expression = ["var", "rgba"];
  const luma: Expression = [
    "+",
    ["*", 0.299, ["at", 0, rgba]],
    ["*", 0.587, ["at", 1, rgba]],
    ["*", 0.114, ["at", 2, rgba]],
  ];
  const toward = (target: number) =>
    [
      "rgb",
      ...[0, 1, 2].map((i) => ["+", ["*", ["at", i, rgba], 1 - amount], target * amount]),
    ] as Expression;
  return [
    "let",
    "rgba",
    ["to-rgba", colour],
    ["case", [">", luma, DEVELOPMENT_LOOK.lightAbove], toward(0), toward(255)],
  ];
}

/** The selected building keeps its owner's colour (gold is also a player's colour): its outline and pin mark it. */
const wallColor: Expression = ["case", atLevel(1), setOff(baseColor, DEVELOPMENT_LOOK.facadeTint), baseColor];
const buildingColor: Expression = [
  "case",
  isHovered,
  setOff(wallColor, DEVELOPMENT_LOOK.hoverTint),
  wallColor,
];

/** Height in metres as drawn: the tile's `height`, at least 3 m, 8 m when missing. */
export const DEFAULT_HEIGHT_M = 8;
const buildingHeight: Expression = ["max", ["to-number", ["get", "height"], DEFAULT_HEIGHT_M], 3];

/** The expressions of `builtHeight`, `roofTop` and `scaffoldTop` for a given level. */
function builtHeightAt(n: Expression): Expression {
  const { floorsGrowth, floorsMinGain } = DEVELOPMENT_LOOK;
  return [
    "case",
    [">=", n, 4],
    ["max", ["*", buildingHeight, 1 + floorsGrowth], ["+", buildingHeight, floorsMinGain]],
    buildingHeight,
  ];
}
function roofTopAt(n: Expression): Expression {
  return ["+", builtHeightAt(n), ["case", [">=", n, 2], DEVELOPMENT_LOOK.gardenDepth, 0]];
}
const built = builtHeightAt(level);
const crownBase: Expression = ["*", built, 1 - DEVELOPMENT_LOOK.crownShare];
/** With a crown, the walls stop where it begins, so the two never draw over each other. */
const wallHeight: Expression = ["case", atLevel(3), crownBase, built];
const scaffoldTopAt: Expression = [
  "+",
  roofTopAt(["+", level, 1]),
  ["max", ["*", buildingHeight, DEVELOPMENT_LOOK.scaffoldShare], DEVELOPMENT_LOOK.scaffoldMin],
];

/**
 * A part drawn on some buildings only: feature-state cannot filter features out of a layer, so on every other
 * building the part is given no height at all (a flat face on the ground, hidden under the building itself).
 */
function onlyWhere(condition: Expression, value: Expression | number): Expression {
  return ["case", condition, value, 0];
}

/**
 * A mark floating above roofs, shown (by feature-state) only on the buildings `visible` is true for.
 * It never hides street names or other marks, and is drawn over everything.
 */
function roofMarker(id: string, image: string, visible: Expression, size: number): Layer {
  // Layout cannot read feature-state, so the mark floats above the roof a fully developed building would have.
  const tallest: Expression = [
    "+",
    builtHeightAt(["to-number", MAX_DEVELOPMENT_LEVEL]),
    DEVELOPMENT_LOOK.gardenDepth,
  ];
  return {
    id,
    type: "symbol",
    source: SOURCE_ID,
    "source-layer": SOURCE_LAYERS.buildings,
    minzoom: 13,
    layout: {
      "symbol-placement": "point",
      "symbol-height-offset": ["+", tallest, 4],
      "icon-image": image,
      "icon-size": ["interpolate", ["linear"], ["zoom"], 13, size * 0.55, 16, size, 18, size * 1.15],
      "icon-anchor": "bottom",
      "icon-allow-overlap": true,
      "icon-ignore-placement": true,
      "icon-pitch-alignment": "viewport",
    },
    paint: { "icon-opacity": ["case", visible, 1, 0] },
  };
}

const siteLevel: Expression = ["number", ["get", "level"], 0];
const siteColor: Expression = ["to-color", ["coalesce", ["get", "color"], MAP_COLORS.building]];
const isSiteBuilt: Expression = [">=", siteLevel, 1];
const isSiteWorks: Expression = ["boolean", ["get", "constructing"], false];

/** The island view's dot: its radius in pixels at zooms 10 and 13, by level (1–4). */
export const SITE_LOOK = {
  radius: { z10: [0, 5.5, 6.2, 6.9, 7.6], z13: [0, 7, 8, 9, 10] },
  /** The hatched square of works is this many times the dot's diameter (level 0: the level-1 dot's). */
  worksScale: 1.5,
  /** The square's image is drawn this many CSS pixels wide. */
  worksImagePx: 24,
} as const;

function radiusByLevel(radii: readonly number[]): Expression {
  return ["match", siteLevel, 1, radii[1] ?? 0, 2, radii[2] ?? 0, 3, radii[3] ?? 0, 4, radii[4] ?? 0, 0];
}

/** The works' square covers the dot of the level reached so far (the level-1 dot's size while the first is built). */
function worksSize(radii: readonly number[]): Expression {
  const px = (r: number) => (r * 2 * SITE_LOOK.worksScale) / SITE_LOOK.worksImagePx;
  return [
    "match",
    siteLevel,
    2,
    px(radii[2] ?? 0),
    3,
    px(radii[3] ?? 0),
    4,
    px(radii[4] ?? 0),
    px(radii[1] ?? 0),
  ];
}

/**
 * Below the zoom where buildings are drawn one by one, blocks carry no building's state: each developed or
 * constructing building gets a mark of its own instead, from the sites source. A dot in its owner's colour (lit up,
 * as its crown would be), larger and numbered by level; a hatched grey square round it while works run.
 */
function siteLayers(): Layer[] {
  const { z10, z13 } = SITE_LOOK.radius;
  return [
    {
      id: LAYERS.siteWorks,
      type: "symbol",
      source: SITES_SOURCE_ID,
      maxzoom: BUILDINGS_MIN_ZOOM,
      filter: isSiteWorks,
      layout: {
        "icon-image": MARKER_IMAGES.works,
        "icon-size": ["interpolate", ["linear"], ["zoom"], 10, worksSize(z10), 13, worksSize(z13)],
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
        "icon-pitch-alignment": "viewport",
      },
    },
    {
      id: LAYERS.sites,
      type: "circle",
      source: SITES_SOURCE_ID,
      maxzoom: BUILDINGS_MIN_ZOOM,
      filter: isSiteBuilt,
      layout: { "circle-sort-key": siteLevel },
      paint: {
        "circle-radius": [
          "interpolate",
          ["linear"],
          ["zoom"],
          10,
          radiusByLevel(z10),
          13,
          radiusByLevel(z13),
        ],
        "circle-color": glow(siteColor, 0.2),
        "circle-stroke-color": MAP_COLORS.labelHalo,
        "circle-stroke-width": 1.2,
        "circle-pitch-alignment": "viewport",
      },
    },
    {
      id: LAYERS.siteLevels,
      type: "symbol",
      source: SITES_SOURCE_ID,
      maxzoom: BUILDINGS_MIN_ZOOM,
      filter: isSiteBuilt,
      layout: {
        "icon-image": ["concat", SITE_LEVEL_IMAGE_PREFIX, ["to-string", siteLevel]],
        "icon-size": ["interpolate", ["linear"], ["zoom"], 10, 0.85, 13, 1],
        // Every dot keeps its number, and the neighbourhoods' names keep their places.
        "symbol-sort-key": siteLevel,
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
        "icon-pitch-alignment": "viewport",
      },
    },
  ];
}

/** Absolute URL of the tile template; `new URL` is not used because it would escape the braces. */
export function tileUrl(template: string, origin: string): string {
  return /^https?:\/\//.test(template)
    ? template
    : `${origin}${template.startsWith("/") ? "" : "/"}${template}`;
}

export function buildMapStyle(manifest: MapManifest, origin: string): StyleSpecification {
  const labelFont = ["system-ui", "sans-serif"];
  return {
    version: 8,
    name: "Manhattan Exchange dark",
    light: { anchor: "viewport", color: "#ffffff", intensity: 0.32, position: [1.2, 200, 35] },
    sources: {
      [SOURCE_ID]: {
        type: "vector",
        tiles: [tileUrl(manifest.tiles, origin)],
        minzoom: manifest.minzoom,
        maxzoom: manifest.maxzoom,
        bounds: manifest.bounds,
        attribution: manifest.attribution,
      },
      [SELECTION_SOURCE_ID]: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
      [NEIGHBORHOOD_SOURCE_ID]: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
      [SITES_SOURCE_ID]: {
        type: "geojson",
        data: { type: "FeatureCollection", features: [] },
        // Points never need simplifying; a little buffer keeps the dots whole across tile edges.
        buffer: 16,
        maxzoom: BUILDINGS_MIN_ZOOM,
      },
    },
    layers: [
      { id: LAYERS.background, type: "background", paint: { "background-color": MAP_COLORS.water } },
      {
        id: LAYERS.land,
        type: "fill",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.land,
        paint: { "fill-color": MAP_COLORS.land, "fill-outline-color": MAP_COLORS.shore },
      },
      {
        id: LAYERS.parks,
        type: "fill",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.parks,
        paint: { "fill-color": MAP_COLORS.park, "fill-outline-color": MAP_COLORS.parkEdge },
      },
      {
        id: LAYERS.streets,
        type: "line",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.streets,
        layout: {
          "line-cap": "round",
          "line-join": "round",
          // Larger streets drawn over smaller ones where they meet.
          "line-sort-key": byClass(3, 2, 1, 0),
        },
        paint: {
          "line-color": byClassColor(
            MAP_COLORS.streetMajor,
            MAP_COLORS.streetMedium,
            MAP_COLORS.streetMinor,
            MAP_COLORS.streetPath,
          ),
          "line-width": [
            "interpolate",
            ["exponential", 1.6],
            ["zoom"],
            11,
            byClass(0.8, 0.4, 0.2, 0),
            13,
            byClass(2, 1.2, 0.7, 0.2),
            15,
            byClass(7, 5, 3.5, 0.8),
            17,
            byClass(22, 16, 11, 2),
            19,
            byClass(70, 52, 36, 6),
          ],
        },
      },
      {
        id: LAYERS.streetLabels,
        type: "symbol",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.streets,
        minzoom: 14,
        filter: [
          "all",
          ["has", "name"],
          ["!=", ["get", "name"], ""],
          ["!", ["in", highway, ["literal", PATHS]]],
        ],
        layout: {
          "symbol-placement": "line",
          "symbol-spacing": 320,
          "text-field": ["get", "name"],
          "text-font": labelFont,
          "text-size": ["interpolate", ["linear"], ["zoom"], 14, 10.5, 17, 13.5],
          "text-letter-spacing": 0.04,
          "text-max-angle": 30,
          "text-padding": 4,
        },
        paint: {
          "text-color": MAP_COLORS.label,
          "text-halo-color": MAP_COLORS.labelHalo,
          "text-halo-width": 1.4,
          // Minor streets only once zoomed in enough to read them.
          "text-opacity": ["step", ["zoom"], ["match", highway, [...MAJOR, ...MEDIUM], 1, 0], 15.5, 1],
        },
      },
      {
        id: LAYERS.outlines,
        type: "line",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: 13,
        // A ring on the ground around buildings for sale, visible past the walls.
        paint: {
          "line-color": MAP_COLORS.forSale,
          "line-width": ["interpolate", ["linear"], ["zoom"], 13, 1, 16, 3, 18, 5],
          "line-opacity": ["case", ["all", isForSale, ["!", isSelected]], 1, 0],
        },
      },
      {
        // No maxzoom: only tiles below zoom 14 hold blocks, and a tilted view draws its far part from such tiles
        // (MapLibre loads lower zooms towards the horizon). Stopping the layer at 14 left that part streets only.
        id: LAYERS.blocks,
        type: "fill-extrusion",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.blocks,
        paint: {
          "fill-extrusion-color": MAP_COLORS.building,
          "fill-extrusion-height": buildingHeight,
          "fill-extrusion-base": 0,
          "fill-extrusion-opacity": 0.9,
        },
      },
      {
        id: LAYERS.buildings,
        type: "fill-extrusion",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        paint: {
          "fill-extrusion-color": buildingColor,
          "fill-extrusion-height": wallHeight,
          "fill-extrusion-base": 0,
          "fill-extrusion-opacity": 1,
          "fill-extrusion-vertical-gradient": true,
        },
      },
      {
        // Level 3: the top tenth of the building, lit in its owner's colour. No shading from top to bottom, so
        // it reads as a light rather than a wall.
        id: LAYERS.crowns,
        type: "fill-extrusion",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        paint: {
          "fill-extrusion-color": glow(baseColor, DEVELOPMENT_LOOK.crownTint),
          "fill-extrusion-base": onlyWhere(atLevel(3), crownBase),
          "fill-extrusion-height": onlyWhere(atLevel(3), built),
          "fill-extrusion-opacity": 1,
          "fill-extrusion-vertical-gradient": false,
        },
      },
      {
        // Level 2: a green roof on top.
        id: LAYERS.gardens,
        type: "fill-extrusion",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        paint: {
          "fill-extrusion-color": MAP_COLORS.garden,
          "fill-extrusion-base": onlyWhere(atLevel(2), built),
          "fill-extrusion-height": onlyWhere(atLevel(2), ["+", built, DEVELOPMENT_LOOK.gardenDepth]),
          "fill-extrusion-opacity": 1,
          "fill-extrusion-vertical-gradient": true,
        },
      },
      {
        // Under construction: a see-through grey cap from the roof up past what is being built (for added floors,
        // their whole height), so every player sees the works from afar.
        id: LAYERS.scaffolding,
        type: "fill-extrusion",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        paint: {
          "fill-extrusion-color": MAP_COLORS.scaffolding,
          "fill-extrusion-pattern": MARKER_IMAGES.hatch,
          "fill-extrusion-base": onlyWhere(isConstructing, roofTopAt(level)),
          "fill-extrusion-height": onlyWhere(isConstructing, scaffoldTopAt),
          "fill-extrusion-opacity": DEVELOPMENT_LOOK.scaffoldOpacity,
          "fill-extrusion-vertical-gradient": false,
        },
      },
      {
        id: LAYERS.collectionCasing,
        type: "line",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        layout: { "line-join": "round" },
        paint: {
          "line-color": MAP_COLORS.water,
          "line-width": ["interpolate", ["linear"], ["zoom"], 13, 4, 16, 7, 18, 11],
          "line-opacity": ["case", ["==", ["typeof", ["feature-state", STATE.collection]], "string"], 0.9, 0],
        },
      },
      {
        // A held collection: each of its buildings' footprints drawn over the walls in the holder's colour,
        // dashed so it reads apart from the selected building's outline.
        id: LAYERS.collections,
        type: "line",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        layout: { "line-join": "round" },
        paint: {
          "line-color": ["to-color", ["coalesce", ["feature-state", STATE.collection], "#000000"]],
          "line-width": ["interpolate", ["linear"], ["zoom"], 13, 2, 16, 4, 18, 7],
          "line-dasharray": [1.5, 1],
          "line-opacity": ["case", ["==", ["typeof", ["feature-state", STATE.collection]], "string"], 1, 0],
        },
      },
      {
        // The selected building's footprint, drawn over the walls: it shows where the building stands without
        // repainting it.
        id: LAYERS.selectedOutline,
        type: "line",
        source: SOURCE_ID,
        "source-layer": SOURCE_LAYERS.buildings,
        minzoom: BUILDINGS_MIN_ZOOM,
        layout: { "line-join": "round" },
        paint: {
          "line-color": MAP_COLORS.selected,
          "line-width": ["interpolate", ["linear"], ["zoom"], 14, 2, 16, 3.5, 18, 5],
          "line-opacity": ["case", isSelected, 1, 0],
        },
      },
      {
        id: LAYERS.neighborhoodLabels,
        type: "symbol",
        source: NEIGHBORHOOD_SOURCE_ID,
        maxzoom: 15.5,
        layout: {
          // The name, and under it the player owning most of its buildings, in their colour.
          "text-field": [
            "format",
            ["upcase", ["get", "name"]],
            {},
            ["case", ["has", "owner"], ["concat", "\n★ ", ["get", "owner"]], ""],
            // The owner's colour, lightened so that a dark colour still reads on the dark map.
            {
              "text-color": lighten(["to-color", ["coalesce", ["get", "color"], "#d8e0f2"]], 0.45),
              "font-scale": 0.9,
            },
          ],
          "text-font": labelFont,
          "text-size": ["interpolate", ["linear"], ["zoom"], 10, 11, 12, 13, 14, 16],
          "text-letter-spacing": 0.06,
          "text-max-width": 9,
          "text-padding": 6,
          // Floated above the roofs of all but the tallest towers, so that the buildings never cover them.
          "symbol-height-offset": 240,
          "text-allow-overlap": false,
        },
        paint: {
          "text-color": "#ffffff",
          "text-halo-color": "rgba(6, 10, 18, 0.92)",
          "text-halo-width": 2.4,
          "text-halo-blur": 0.5,
          "text-opacity": ["interpolate", ["linear"], ["zoom"], 14.5, 1, 15.5, 0],
        },
      },
      roofMarker(LAYERS.saleMarkers, MARKER_IMAGES.sale, ["all", isForSale, ["!", isSelected]], 0.85),
      {
        id: LAYERS.selectedMarker,
        type: "symbol",
        source: SELECTION_SOURCE_ID,
        layout: {
          "symbol-placement": "point",
          "symbol-height-offset": ["+", buildingHeight, 6],
          "icon-image": MARKER_IMAGES.selected,
          "icon-size": ["interpolate", ["linear"], ["zoom"], 13, 0.55, 16, 1, 18, 1.15],
          "icon-anchor": "bottom",
          "icon-allow-overlap": true,
          "icon-ignore-placement": true,
          "icon-pitch-alignment": "viewport",
        },
      },
      // Last: in the island view a dot is a few pixels wide, and neither a neighbourhood's name nor the selection
      // pin (whose tip is on it) may hide it.
      ...siteLayers(),
    ],
  };
}

/** `bounds` grown by `fraction` of its size on every side: how far the camera may wander. */
export function padBounds(
  [west, south, east, north]: [number, number, number, number],
  fraction: number,
): [[number, number], [number, number]] {
  const dx = (east - west) * fraction;
  const dy = (north - south) * fraction;
  return [
    [west - dx, south - dy],
    [east + dx, north + dy],
  ];
}
