import { describe, expect, it } from "vitest";
import { decodeSites, encodeSites, SITE_STEP_DEG } from "./map-sites";

describe("building points for the island view", () => {
  it("round-trips every building's point within half a step, sorted by mapId", () => {
    const sites = [
      { mapId: 7, lng: -73.9857, lat: 40.7484 },
      { mapId: 2, lng: -74.0134, lat: 40.7013 },
      { mapId: 70_000, lng: -73.9442, lat: 40.8075 },
    ];
    const decoded = decodeSites(encodeSites(sites).buffer as ArrayBuffer);
    expect([...decoded.mapIds]).toEqual([2, 7, 70_000]);
    const byId = [...decoded.mapIds].map((mapId, i) => ({ mapId, lng: decoded.lng[i], lat: decoded.lat[i] }));
    for (const site of sites) {
      const found = byId.find((s) => s.mapId === site.mapId);
      expect(Math.abs((found?.lng ?? 0) - site.lng)).toBeLessThanOrEqual(SITE_STEP_DEG / 2 + 1e-12);
      expect(Math.abs((found?.lat ?? 0) - site.lat)).toBeLessThanOrEqual(SITE_STEP_DEG / 2 + 1e-12);
    }
  });

  it("takes eight bytes a building, and no points at all is a valid file", () => {
    expect(encodeSites([{ mapId: 1, lng: 0, lat: 0 }]).byteLength).toBe(40);
    expect(decodeSites(encodeSites([]).buffer as ArrayBuffer).mapIds.length).toBe(0);
  });

  it("refuses a truncated file", () => {
    const bytes = encodeSites([
      { mapId: 1, lng: -73.98, lat: 40.75 },
      { mapId: 2, lng: -73.97, lat: 40.76 },
    ]);
    expect(() => decodeSites(bytes.slice(0, 36).buffer as ArrayBuffer)).toThrow(/truncated/);
  });
});
