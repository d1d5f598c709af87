import { byClass, byClassColor, highway, LABEL_FONT, MAJOR, MEDIUM, PATHS } from "./map-style-expressions";
import { LAYERS, type Layer, MAP_COLORS, SOURCE_ID, SOURCE_LAYERS } from "./map-style-ids";

/** The ground under everything: water, land and parks. */
export function groundLayers(): Layer[] {
  return [
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
  ];
}

/** The streets, wider and brighter by class, and their names along them. */
export function streetLayers(): Layer[] {
  return [
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
        "text-font": LABEL_FONT,
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
  ];
}
