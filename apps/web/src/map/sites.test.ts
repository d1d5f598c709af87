import { decodeSites, encodeSites } from "@mx/shared/map-sites";
import { describe, expect, it } from "vitest";
import type { BuildingMark } from "./ownership";
import { indexSites, siteFeatures } from "./sites";

const mark = (partial: Partial<BuildingMark>): BuildingMark => ({
  color: "#2f7dff",
  forSale: false,
  level: 0,
  constructing: false,
  ...partial,
});

describe("the island view's marks of developments", () => {
  const bytes = encodeSites([
    { mapId: 1, lng: -73.98, lat: 40.75 },
    { mapId: 2, lng: -73.97, lat: 40.76 },
    { mapId: 3, lng: -73.96, lat: 40.77 },
    { mapId: 4, lng: -73.95, lat: 40.78 },
  ]);
  const index = indexSites(decodeSites(bytes.buffer as ArrayBuffer));

  it("gives a point to each developed or constructing building only, at its place, with its level and colour", () => {
    const marks = new Map<number, BuildingMark>([
      [1, mark({})],
      [2, mark({ level: 2 })],
      [3, mark({ level: 0, constructing: true })],
      [4, mark({ color: null, level: 4 })],
      // Not in the catalogue's points (a newer import): left out rather than drawn at 0, 0.
      [9, mark({ level: 1 })],
    ]);
    const { features } = siteFeatures(marks, index);
    expect(features.map((f) => f.id)).toEqual([2, 3, 4]);
    expect(features[0]?.properties).toEqual({ level: 2, constructing: false, color: "#2f7dff" });
    expect(features[1]?.properties).toEqual({ level: 0, constructing: true, color: "#2f7dff" });
    expect(features[2]?.properties).toEqual({ level: 4, constructing: false });
    const [lng, lat] = features[0]?.geometry.coordinates ?? [];
    expect(lng).toBeCloseTo(-73.97, 4);
    expect(lat).toBeCloseTo(40.76, 4);
  });

  it("stays quick with twenty thousand developed buildings", () => {
    const many = 45_000;
    const sites = Array.from({ length: many }, (_, i) => ({
      mapId: i + 1,
      lng: -74.02 + (i % 300) * 0.0004,
      lat: 40.7 + Math.floor(i / 300) * 0.0008,
    }));
    const big = indexSites(decodeSites(encodeSites(sites).buffer as ArrayBuffer));
    const marks = new Map<number, BuildingMark>();
    for (let i = 1; i <= 20_000; i += 1)
      marks.set(i * 2, mark({ level: 1 + (i % 4), constructing: i % 7 === 0 }));
    const started = performance.now();
    const { features } = siteFeatures(marks, big);
    expect(features).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
