import type { MapManifest } from "@mx/shared/schemas/map";
import { describe, expect, it } from "vitest";
import {
  buildMapStyle,
  LAYERS,
  NEIGHBORHOOD_SOURCE_ID,
  padBounds,
  SELECTION_SOURCE_ID,
  SITES_SOURCE_ID,
  SOURCE_ID,
  tileUrl,
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

describe("the map style", () => {
  it("points at our own tiles, keeping the {z}/{x}/{y} placeholders", () => {
    expect(tileUrl(manifest.tiles, "https://mx.example")).toBe(
      "https://mx.example/map-data/0123456789abcdef/{z}/{x}/{y}.pbf",
    );
    expect(tileUrl("https://cdn.example/t/{z}/{x}/{y}.pbf", "https://mx.example")).toBe(
      "https://cdn.example/t/{z}/{x}/{y}.pbf",
    );
  });

  it("fetches nothing from third parties: no glyphs, no sprite, one source with the data's attribution", () => {
    const style = buildMapStyle(manifest, "https://mx.example");
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    // The tiles, one point of our own for the selection pin, the neighbourhood labels from the API, and the island
    // view's developments (made here from the overlay).
    expect(Object.keys(style.sources)).toEqual([
      SOURCE_ID,
      SELECTION_SOURCE_ID,
      NEIGHBORHOOD_SOURCE_ID,
      SITES_SOURCE_ID,
    ]);
    expect(style.sources[SOURCE_ID]).toMatchObject({
      type: "vector",
      minzoom: 11,
      maxzoom: 16,
      attribution: manifest.attribution,
    });
  });

  it("draws buildings in 3D over the streets and puts the marks on top", () => {
    const ids = buildMapStyle(manifest, "https://mx.example").layers.map((l) => l.id);
    expect(ids.indexOf(LAYERS.buildings)).toBeGreaterThan(ids.indexOf(LAYERS.streets));
    expect(ids.indexOf(LAYERS.buildings)).toBeGreaterThan(ids.indexOf(LAYERS.streetLabels));
    // The selection pin over every other mark but the island view's small dots, which it would hide.
    expect(ids.indexOf(LAYERS.selectedMarker)).toBeGreaterThan(ids.indexOf(LAYERS.saleMarkers));
    expect(ids.at(-1)).toBe(LAYERS.siteLevels);
    expect(ids.indexOf(LAYERS.sites)).toBeGreaterThan(ids.indexOf(LAYERS.neighborhoodLabels));
    const buildings = buildMapStyle(manifest, "https://mx.example").layers.find(
      (l) => l.id === LAYERS.buildings,
    );
    expect(buildings?.type).toBe("fill-extrusion");
  });

  it("lets the camera wander a little past the island", () => {
    expect(padBounds([0, 0, 10, 20], 0.1)).toEqual([
      [-1, -2],
      [11, 22],
    ]);
  });
});
