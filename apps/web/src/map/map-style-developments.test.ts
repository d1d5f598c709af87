import { createExpression, type StylePropertySpecification } from "@maplibre/maplibre-gl-style-spec";
import type { MapManifest } from "@mx/shared/schemas/map";
import { describe, expect, it } from "vitest";
import {
  BUILDINGS_MIN_ZOOM,
  buildMapStyle,
  builtHeight,
  LAYERS,
  MAP_COLORS,
  roofTop,
  SITES_SOURCE_ID,
  STATE,
  scaffoldTop,
} from "./map-style";

const manifest: MapManifest = {
  version: "0123456789abcdef",
  tiles: "/map-data/0123456789abcdef/{z}/{x}/{y}.pbf",
  minzoom: 11,
  maxzoom: 16,
  bounds: [-74.05, 40.68, -73.9, 40.88],
  playableBounds: [-74.01, 40.736, -73.963, 40.759],
  center: [-73.9875, 40.7475],
  buildingCount: 7990,
  attribution: "© OpenStreetMap contributors",
};

const style = buildMapStyle(manifest, "https://mx.example");

const numberSpec = {
  type: "number",
  expression: { interpolated: true, parameters: ["zoom", "feature", "feature-state"] },
  "property-type": "data-driven",
} as unknown as StylePropertySpecification;
const colorSpec = { ...numberSpec, type: "color" } as unknown as StylePropertySpecification;

/** Evaluates one paint property of one of the map's layers for a building of `height` in the given feature-state. */
function paintOf(layerId: string, property: string, height: number, state: Record<string, unknown>) {
  const layer = style.layers.find((l) => l.id === layerId);
  const value = (layer?.paint as Record<string, unknown> | undefined)?.[property];
  const parsed = createExpression(value, property, property.endsWith("color") ? colorSpec : numberSpec);
  if (parsed.result !== "success") throw new Error(`${layerId} ${property}: ${JSON.stringify(parsed.value)}`);
  return parsed.value.evaluate(
    { zoom: 16 },
    { type: "Polygon", properties: { height }, geometry: [] } as never,
    state,
  );
}

const rgb = (colour: { r: number; g: number; b: number }) =>
  [colour.r, colour.g, colour.b].map((c) => Math.round(c * 255));

const owned = (level: number, constructing = false) => ({
  [STATE.color]: "#1060c0",
  [STATE.level]: level,
  [STATE.constructing]: constructing,
});

describe("the heights of a developed building", () => {
  it("stands 15 % taller with added floors, never less than 6 m taller, and the garden sits on top", () => {
    expect(builtHeight(100, 3)).toBe(100);
    expect(builtHeight(100, 4)).toBeCloseTo(115);
    expect(builtHeight(20, 4)).toBe(26);
    expect(roofTop(100, 1)).toBe(100);
    expect(roofTop(100, 2)).toBe(103);
    expect(roofTop(20, 4)).toBe(29);
  });

  it("puts the scaffolding above everything the next level will have, added floors included", () => {
    expect(scaffoldTop(100, 0)).toBe(108);
    expect(scaffoldTop(100, 3)).toBeCloseTo(115 + 3 + 8);
    expect(scaffoldTop(10, 1)).toBe(10 + 3 + 4);
  });
});

describe("the developments drawn by the style", () => {
  it("draws an undeveloped building as before: walls to its height in its owner's colour, nothing more", () => {
    expect(paintOf(LAYERS.buildings, "fill-extrusion-height", 50, owned(0))).toBe(50);
    expect(rgb(paintOf(LAYERS.buildings, "fill-extrusion-color", 50, owned(0)))).toEqual([16, 96, 192]);
    for (const layer of [LAYERS.gardens, LAYERS.crowns, LAYERS.scaffolding])
      expect(paintOf(layer, "fill-extrusion-height", 50, owned(0))).toBe(0);
  });

  it("tints the walls lighter from the facade on", () => {
    const [r, g, b] = rgb(paintOf(LAYERS.buildings, "fill-extrusion-color", 50, owned(1)));
    expect(r).toBeGreaterThan(16);
    expect(g).toBeGreaterThan(96);
    expect(b).toBeGreaterThan(192);
    // Still the owner's hue: blue stays the strongest channel.
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it("sets the facade off on a white or a pale owner colour too, darker rather than lighter", () => {
    for (const colour of ["#ffffff", "#f5e6a0"]) {
      const plain = rgb(
        paintOf(LAYERS.buildings, "fill-extrusion-color", 50, { ...owned(0), [STATE.color]: colour }),
      );
      const facade = rgb(
        paintOf(LAYERS.buildings, "fill-extrusion-color", 50, { ...owned(1), [STATE.color]: colour }),
      );
      const change = plain.reduce((sum, c, i) => sum + c - (facade[i] ?? 0), 0);
      expect(change, `${colour}: ${plain} → ${facade}`).toBeGreaterThan(3 * 45);
      // Hovered, it changes again.
      const hovered = rgb(
        paintOf(LAYERS.buildings, "fill-extrusion-color", 50, {
          ...owned(1),
          [STATE.color]: colour,
          [STATE.hover]: true,
        }),
      );
      expect(hovered).not.toEqual(facade);
    }
  });

  it("puts a green roof 3 m deep on top from level 2", () => {
    expect(paintOf(LAYERS.gardens, "fill-extrusion-base", 50, owned(2))).toBe(50);
    expect(paintOf(LAYERS.gardens, "fill-extrusion-height", 50, owned(2))).toBe(53);
    expect(rgb(paintOf(LAYERS.gardens, "fill-extrusion-color", 50, owned(2)))).toEqual(
      rgb({ r: 0x4c / 255, g: 0xb8 / 255, b: 0x60 / 255 }),
    );
    expect(MAP_COLORS.garden).toBe("#4cb860");
  });

  it("lights the top tenth in the owner's colour at full brightness from level 3, the walls stopping below it", () => {
    expect(paintOf(LAYERS.buildings, "fill-extrusion-height", 50, owned(3))).toBeCloseTo(45);
    expect(paintOf(LAYERS.crowns, "fill-extrusion-base", 50, owned(3))).toBeCloseTo(45);
    expect(paintOf(LAYERS.crowns, "fill-extrusion-height", 50, owned(3))).toBe(50);
    const [r, g, b] = rgb(paintOf(LAYERS.crowns, "fill-extrusion-color", 50, owned(3)));
    expect(b).toBe(255);
    expect(g).toBeGreaterThan(r);
    // Brighter than the tinted walls below it.
    const walls = rgb(paintOf(LAYERS.buildings, "fill-extrusion-color", 50, owned(3)));
    expect(r + g + b).toBeGreaterThan(walls.reduce((sum, c) => sum + c, 0));
  });

  it("raises the building, its crown and its garden with the added floors", () => {
    expect(paintOf(LAYERS.crowns, "fill-extrusion-height", 100, owned(4))).toBeCloseTo(115);
    expect(paintOf(LAYERS.gardens, "fill-extrusion-height", 100, owned(4))).toBeCloseTo(118);
    expect(paintOf(LAYERS.crowns, "fill-extrusion-height", 20, owned(4))).toBe(26);
  });

  it("caps a building under construction with scaffolding from its roof up past what is being built", () => {
    expect(paintOf(LAYERS.scaffolding, "fill-extrusion-base", 100, owned(0, true))).toBe(100);
    expect(paintOf(LAYERS.scaffolding, "fill-extrusion-height", 100, owned(0, true))).toBe(
      scaffoldTop(100, 0),
    );
    expect(paintOf(LAYERS.scaffolding, "fill-extrusion-base", 100, owned(3, true))).toBe(103);
    expect(paintOf(LAYERS.scaffolding, "fill-extrusion-height", 100, owned(3, true))).toBeCloseTo(
      scaffoldTop(100, 3),
    );
    // Finished, it comes down.
    expect(paintOf(LAYERS.scaffolding, "fill-extrusion-height", 100, owned(4))).toBe(0);
  });

  it("floats the for-sale tag above the roof a fully developed building would have", () => {
    const layer = style.layers.find((l) => l.id === LAYERS.saleMarkers);
    const offset = (layer?.layout as Record<string, unknown> | undefined)?.["symbol-height-offset"];
    const parsed = createExpression(offset, "symbol-height-offset", numberSpec);
    if (parsed.result !== "success") throw new Error(JSON.stringify(parsed.value));
    const at = (height: number) =>
      parsed.value.evaluate({ zoom: 16 }, { type: "Point", properties: { height }, geometry: [] } as never);
    expect(at(40)).toBe(roofTop(40, 4) + 4);
    expect(at(200)).toBeCloseTo(roofTop(200, 4) + 4);
  });

  it("draws the developments of a building nobody owns any more on its grey", () => {
    const state = { [STATE.level]: 3 };
    const walls = rgb(paintOf(LAYERS.buildings, "fill-extrusion-color", 50, state));
    expect(walls[0]).toBeGreaterThan(0x58);
    expect(paintOf(LAYERS.crowns, "fill-extrusion-height", 50, state)).toBe(50);
  });
});

/** Evaluates a property of one of the island view's layers for a point with `properties`, at `zoom`. */
function siteValue(
  layerId: string,
  group: "paint" | "layout",
  property: string,
  properties: Record<string, unknown>,
  zoom: number,
) {
  const layer = style.layers.find((l) => l.id === layerId);
  const value = (layer?.[group as keyof typeof layer] as Record<string, unknown> | undefined)?.[property];
  const spec = property.endsWith("color")
    ? colorSpec
    : property === "icon-image"
      ? ({ ...numberSpec, type: "resolvedImage" } as unknown as StylePropertySpecification)
      : numberSpec;
  const parsed = createExpression(value, property, spec);
  if (parsed.result !== "success") throw new Error(`${layerId} ${property}: ${JSON.stringify(parsed.value)}`);
  return parsed.value.evaluate({ zoom }, { type: "Point", properties, geometry: [] } as never);
}

function siteFilter(layerId: string, properties: Record<string, unknown>) {
  const layer = style.layers.find((l) => l.id === layerId) as { filter?: unknown } | undefined;
  const parsed = createExpression(layer?.filter, "filter", {
    type: "boolean",
    expression: { interpolated: false, parameters: ["zoom", "feature"] },
    "property-type": "data-driven",
  } as unknown as StylePropertySpecification);
  if (parsed.result !== "success") throw new Error(`${layerId} filter: ${JSON.stringify(parsed.value)}`);
  return parsed.value.evaluate({ zoom: 12 }, { type: "Point", properties, geometry: [] } as never);
}

describe("developments in the island view", () => {
  const sites = [LAYERS.siteWorks, LAYERS.sites, LAYERS.siteLevels].map((id) =>
    style.layers.find((l) => l.id === id),
  );

  it("draws them from their own points, only where blocks stand in for buildings, over the blocks", () => {
    const ids = style.layers.map((l) => l.id);
    for (const layer of sites) {
      expect(layer).toMatchObject({ source: SITES_SOURCE_ID, maxzoom: BUILDINGS_MIN_ZOOM });
      expect(ids.indexOf(layer?.id ?? "")).toBeGreaterThan(ids.indexOf(LAYERS.blocks));
    }
    // The works' square under the dot, the level's digit over it.
    expect(ids.indexOf(LAYERS.siteWorks)).toBeLessThan(ids.indexOf(LAYERS.sites));
    expect(ids.indexOf(LAYERS.sites)).toBeLessThan(ids.indexOf(LAYERS.siteLevels));
  });

  it("gives a developed building a dot in its owner's colour, lit up, larger and numbered at each level", () => {
    const owned = (level: number) => ({ level, constructing: false, color: "#2f7dff" });
    expect(siteFilter(LAYERS.sites, owned(1))).toBe(true);
    expect(siteFilter(LAYERS.sites, { level: 0, constructing: true, color: "#2f7dff" })).toBe(false);
    const radii = [1, 2, 3, 4].map((n) => siteValue(LAYERS.sites, "paint", "circle-radius", owned(n), 11));
    expect(radii).toEqual([...radii].sort((a, b) => a - b));
    expect(new Set(radii).size).toBe(4);
    // Blue stays blue, at full brightness.
    const [r, g, b] = rgb(siteValue(LAYERS.sites, "paint", "circle-color", owned(2), 11));
    expect(b).toBeGreaterThan(240);
    expect(b).toBeGreaterThan(r ?? 0);
    expect(b).toBeGreaterThan(g ?? 0);
    // Back on the market without an owner: the slate of an unowned building.
    const unowned = rgb(siteValue(LAYERS.sites, "paint", "circle-color", { level: 1 }, 11));
    expect(unowned.every((c) => c > 0)).toBe(true);
    expect(String(siteValue(LAYERS.siteLevels, "layout", "icon-image", owned(3), 11))).toBe("site-level-3");
  });

  it("puts a hatched square round a building under construction, from the first level on", () => {
    expect(siteFilter(LAYERS.siteWorks, { level: 0, constructing: true })).toBe(true);
    expect(siteFilter(LAYERS.siteWorks, { level: 2, constructing: true })).toBe(true);
    expect(siteFilter(LAYERS.siteWorks, { level: 2, constructing: false })).toBe(false);
    // Wider than the dot it surrounds.
    for (const level of [0, 1, 2, 3]) {
      const square = Number(
        siteValue(LAYERS.siteWorks, "layout", "icon-size", { level, constructing: true }, 11),
      );
      const dot = Number(
        siteValue(LAYERS.sites, "paint", "circle-radius", { level: Math.max(level, 1) }, 11),
      );
      expect(square * 24).toBeGreaterThan(dot * 2);
    }
    expect(MAP_COLORS.scaffolding).toBeTruthy();
  });
});
