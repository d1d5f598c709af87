import type { MapManifest } from "@mx/shared/schemas/map";
import { developmentLayers, outlineLayers, wallLayers } from "./map-style-buildings";
import { DEVELOPMENT_LOOK } from "./map-style-expressions";
import { groundLayers, streetLayers } from "./map-style-ground";
import {
  BUILDINGS_MIN_ZOOM,
  NEIGHBORHOOD_SOURCE_ID,
  SELECTION_SOURCE_ID,
  SITES_SOURCE_ID,
  SOURCE_ID,
  type StyleSpecification,
} from "./map-style-ids";
import { labelAndPinLayers, siteLayers } from "./map-style-marks";

/*
 * The map's look, built from the manifest. Everything is drawn from our own vector tiles: no
 * glyphs URL (labels are drawn locally from the system's sans-serif), no sprite, no third-party tiles.
 */

export {
  BUILDINGS_MIN_ZOOM,
  DEFAULT_HEIGHT_M,
  LAYERS,
  MAP_COLORS,
  MARKER_IMAGES,
  NEIGHBORHOOD_SOURCE_ID,
  SELECTION_SOURCE_ID,
  SITE_LEVEL_IMAGE_PREFIX,
  SITE_LOOK,
  SITES_SOURCE_ID,
  SOURCE_ID,
  SOURCE_LAYERS,
  STATE,
} from "./map-style-ids";

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

/** Absolute URL of the tile template; `new URL` is not used because it would escape the braces. */
export function tileUrl(template: string, origin: string): string {
  return /^https?:\/\//.test(template)
    ? template
    : `${origin}${template.startsWith("/") ? "" : "/"}${template}`;
}

/** The map's whole style: its sources, then its layers from the ground up, the island view's marks last. */
export function buildMapStyle(manifest: MapManifest, origin: string): StyleSpecification {
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
      ...groundLayers(),
      ...streetLayers(),
      ...wallLayers(),
      ...developmentLayers(),
      ...outlineLayers(),
      ...labelAndPinLayers(),
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
