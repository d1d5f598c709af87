import { MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import {
  buildingHeight,
  builtHeightAt,
  DEVELOPMENT_LOOK,
  glow,
  isForSale,
  isSelected,
  LABEL_FONT,
  lighten,
} from "./map-style-expressions";
import {
  BUILDINGS_MIN_ZOOM,
  type Expression,
  LAYERS,
  type Layer,
  MAP_COLORS,
  MARKER_IMAGES,
  NEIGHBORHOOD_SOURCE_ID,
  SELECTION_SOURCE_ID,
  SITE_LEVEL_IMAGE_PREFIX,
  SITE_LOOK,
  SITES_SOURCE_ID,
  SOURCE_ID,
  SOURCE_LAYERS,
} from "./map-style-ids";

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

/** The neighbourhoods' names with their top owners, the tags over buildings for sale and the selection pin. */
export function labelAndPinLayers(): Layer[] {
  return [
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
        "text-font": LABEL_FONT,
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
  ];
}

const siteLevel: Expression = ["number", ["get", "level"], 0];
const siteColor: Expression = ["to-color", ["coalesce", ["get", "color"], MAP_COLORS.building]];
const isSiteBuilt: Expression = [">=", siteLevel, 1];
const isSiteWorks: Expression = ["boolean", ["get", "constructing"], false];

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
export function siteLayers(): Layer[] {
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
