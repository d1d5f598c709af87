import { describe, expect, it } from "vitest";
import { MANHATTAN_PATH, placeOnOutline, VIEW_BOX } from "./manhattan-outline";

/** The outline's rings as points in the view box's units. */
const rings = [...MANHATTAN_PATH.matchAll(/M([^Z]*)Z/g)].map((match) =>
  (match[1] ?? "").split(" L").map((pair) => pair.split(" ").map(Number) as [number, number]),
);

function onLand(x: number, y: number): boolean {
  // Even-odd ray casting over every ring.
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const unitsOf = ({ left, top }: { left: number; top: number }) => ({
  x: (left / 100) * VIEW_BOX.width + VIEW_BOX.x,
  y: (top / 100) * VIEW_BOX.height + VIEW_BOX.y,
});

describe("placeOnOutline", () => {
  const landmarks = {
    battery: [40.7033, -74.017],
    empireState: [40.7484, -73.9857],
    centralParkReservoir: [40.7851, -73.9627],
    cloisters: [40.8649, -73.9317],
  } as const;

  it("puts well-known places on the island's land", () => {
    for (const [name, [lat, lng]] of Object.entries(landmarks)) {
      const { x, y } = unitsOf(placeOnOutline(lat, lng));
      expect(onLand(x, y), name).toBe(true);
    }
  });

  it("runs from the Battery on the left to Inwood on the right", () => {
    const lefts = Object.values(landmarks).map(([lat, lng]) => placeOnOutline(lat, lng).left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(lefts[0]).toBeGreaterThan(0);
    expect(lefts.at(-1)).toBeLessThan(100);
  });

  it("puts the East River below the Hudson", () => {
    // Across Midtown: the Hudson piers, then the United Nations on the East River.
    const hudson = placeOnOutline(40.7597, -74.0021);
    const eastRiver = placeOnOutline(40.7489, -73.968);
    expect(hudson.top).toBeLessThan(eastRiver.top);
  });
});
