import {
  atLevel,
  baseColor,
  buildingColor,
  buildingHeight,
  built,
  crownBase,
  DEVELOPMENT_LOOK,
  glow,
  isConstructing,
  isForSale,
  isSelected,
  level,
  onlyWhere,
  roofTopAt,
  scaffoldTopAt,
  wallHeight,
} from "./map-style-expressions";
import {
  BUILDINGS_MIN_ZOOM,
  LAYERS,
  type Layer,
  MAP_COLORS,
  MARKER_IMAGES,
  SOURCE_ID,
  SOURCE_LAYERS,
  STATE,
} from "./map-style-ids";

/** The ring around buildings for sale, the island's blocks and the buildings' walls. */
export function wallLayers(): Layer[] {
  return [
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
  ];
}

/** What developments add on top of the walls: the lit crown, the roof garden, the scaffolding of works. */
export function developmentLayers(): Layer[] {
  return [
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
  ];
}

/** Outlines drawn over the walls: a held collection's ring (on its dark casing) and the selected building's. */
export function outlineLayers(): Layer[] {
  return [
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
  ];
}
