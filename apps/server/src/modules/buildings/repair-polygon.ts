import polygonClipping, { type Pair } from "polygon-clipping";
import type { Footprint } from "../../db/schema/buildings";

type Ring = number[][];

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether segments ab and cd cross or touch anywhere (shared end points of neighbours excepted by the caller). */
function segmentsMeet(a: number[], b: number[], c: number[], d: number[]): boolean {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const [cx = 0, cy = 0] = c;
  const [dx = 0, dy = 0] = d;
  const d1 = cross(cx, cy, dx, dy, ax, ay);
  const d2 = cross(cx, cy, dx, dy, bx, by);
  const d3 = cross(ax, ay, bx, by, cx, cy);
  const d4 = cross(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const onSegment = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
  return (
    (d1 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) ||
    (d2 === 0 && onSegment(cx, cy, dx, dy, bx, by)) ||
    (d3 === 0 && onSegment(ax, ay, bx, by, cx, cy)) ||
    (d4 === 0 && onSegment(ax, ay, bx, by, dx, dy))
  );
}

/** A ring is simple when no vertex repeats and no two non-neighbouring edges meet. */
export function isSimpleRing(ring: Ring): boolean {
  const n = ring.length - 1;
  if (n < 3) return false;
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const key = `${ring[i]?.[0]},${ring[i]?.[1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(ring[i] ?? [], ring[i + 1] ?? [], ring[j] ?? [], ring[j + 1] ?? [])) return false;
    }
  }
  return true;
}

function polygonsOf(footprint: Footprint): number[][][][] {
  return footprint.type === "Polygon" ? [footprint.coordinates] : footprint.coordinates;
}

/**
 * A footprint whose rings touch or cross themselves is redrawn as the union of its own area (what a zero buffer
 * does), which splits a figure-of-eight into two polygons. Valid footprints come back as they were.
 */
export function repairFootprint(footprint: Footprint): Footprint {
  const polygons = polygonsOf(footprint);
  if (polygons.every((rings) => rings.every(isSimpleRing))) return footprint;
  const asPairs = polygons.map((rings) => rings.map((ring) => ring.map(([x = 0, y = 0]) => [x, y] as Pair)));
  const [first, ...rest] = asPairs;
  if (!first) return footprint;
  const repaired = polygonClipping.union(first, ...rest);
  if (repaired.length === 0) return footprint;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const coordinates = repaired.map((rings) =>
    rings.map((ring) => ring.map(([x, y]) => [round(x), round(y)])),
  );
  const [only] = coordinates;
  return coordinates.length === 1 && only
    ? { type: "Polygon", coordinates: only }
    : { type: "MultiPolygon", coordinates };
}
