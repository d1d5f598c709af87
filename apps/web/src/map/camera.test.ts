import { describe, expect, it } from "vitest";
import { fitOutline, frameBuilding, metresPerPixel, offsetLngLat } from "./camera";

// Manhattan's shore, coarsely: the island runs about 29° east of north.
const ISLAND: [number, number][] = [
  [-74.0477, 40.6829],
  [-74.0163, 40.6988],
  [-73.9716, 40.7107],
  [-73.9067, 40.8006],
  [-73.9106, 40.879],
  [-73.9335, 40.8812],
  [-74.0152, 40.7573],
  [-74.0477, 40.6903],
];

describe("fitting the island", () => {
  it("zooms a wide desktop out further than a phone's height needs, turned along the grid", () => {
    const desktop = fitOutline(ISLAND, 29, 1440, 836, 24);
    const phone = fitOutline(ISLAND, 29, 375, 748, 24);
    expect(desktop?.zoom).toBeGreaterThan(10);
    expect(desktop?.zoom).toBeLessThan(12.5);
    expect(phone?.zoom).toBeGreaterThan(9.5);
    expect(phone?.zoom).toBeLessThan(11.5);
    // Turned along the grid, the island is tall and thin: the screen's height decides, not its width.
    const unturned = fitOutline(ISLAND, 0, 375, 748, 24);
    expect(unturned?.zoom ?? 99).toBeLessThan(phone?.zoom ?? 0);
  });

  it("centres on the island", () => {
    const fit = fitOutline(ISLAND, 29, 1440, 836, 24);
    expect(fit?.center[0]).toBeGreaterThan(-74.05);
    expect(fit?.center[0]).toBeLessThan(-73.9);
    expect(fit?.center[1]).toBeGreaterThan(40.7);
    expect(fit?.center[1]).toBeLessThan(40.86);
  });

  it("has nothing to fit without an outline", () => {
    expect(fitOutline([], 29, 1440, 900, 24)).toBeNull();
  });
});

describe("framing a building", () => {
  const options = { maxZoom: 17, minZoom: 13 };

  it("sees an ordinary building from close and at a slant", () => {
    const shot = frameBuilding(12, 40.75, 812, 480, options);
    expect(shot.zoom).toBeCloseTo(17, 5);
    expect(shot.pitch).toBeGreaterThan(50);
  });

  it("stands back and looks down more steeply at a tower, the taller the more", () => {
    const tower = frameBuilding(443, 40.748, 812, 480, options);
    const midrise = frameBuilding(120, 40.748, 812, 480, options);
    expect(tower.zoom).toBeLessThan(midrise.zoom);
    expect(tower.pitch).toBeLessThan(midrise.pitch);
    expect(tower.zoom).toBeGreaterThan(13);
    // The camera looks beyond the tower's foot so that the foot sits low and the top high in the view.
    expect(tower.lead).toBeGreaterThan(0);
  });

  it("keeps a tower's top inside the view: a shorter free area means a camera further back", () => {
    const desktop = frameBuilding(443, 40.748, 900, 836, options);
    const phone = frameBuilding(443, 40.748, 812, 420, options);
    expect(phone.zoom).toBeLessThan(desktop.zoom);
    const metres = 443 * Math.sin((phone.pitch * Math.PI) / 180);
    expect(metres / metresPerPixel(phone.zoom, 40.748)).toBeLessThan(420);
  });
});

describe("a point some metres away", () => {
  it("moves north by latitude and east by longitude", () => {
    const [lng, lat] = offsetLngLat(-73.98, 40.75, 0, 1105.4);
    expect(lng).toBeCloseTo(-73.98, 6);
    expect(lat).toBeCloseTo(40.76, 4);
    const [east] = offsetLngLat(-73.98, 40.75, 90, 1000);
    expect(east).toBeGreaterThan(-73.98);
  });
});
