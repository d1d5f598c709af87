/** Plane geometry on small areas of the earth: good to well under 1% across Manhattan. */

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LNG_AT_EQUATOR = 111_320;

type Ring = number[][];

/** Signed shoelace area of a ring in square metres, projected around `lat0`. */
function ringArea(ring: Ring, lat0: number): number {
  const kx = METRES_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    sum += x1 * kx * (y2 * METRES_PER_DEGREE_LAT) - x2 * kx * (y1 * METRES_PER_DEGREE_LAT);
  }
  return sum / 2;
}

/** Area of a polygon (outer ring less its holes), square metres. */
export function polygonArea(rings: Ring[]): number {
  const lat0 = rings[0]?.[0]?.[1] ?? 0;
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  return Math.max(
    0,
    Math.abs(ringArea(outer, lat0)) - holes.reduce((s, h) => s + Math.abs(ringArea(h, lat0)), 0),
  );
}

/**
 * Area-weighted centroid of the outer rings: [lng, lat]. Worked out relative to the first vertex, since cross
 * products of raw longitudes and latitudes lose the few metres a building spans to rounding.
 */
export function centroid(polygons: Ring[][]): [number, number] {
  const [ox = 0, oy = 0] = polygons[0]?.[0]?.[0] ?? [];
  let area = 0;
  let cx = 0;
  let cy = 0;
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (const [outer] of polygons) {
    if (!outer) continue;
    for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
      const [x1 = 0, y1 = 0] = outer[j] ?? [];
      const [x2 = 0, y2 = 0] = outer[i] ?? [];
      const [ax, ay, bx, by] = [x1 - ox, y1 - oy, x2 - ox, y2 - oy];
      const cross = ax * by - bx * ay;
      area += cross;
      cx += (ax + bx) * cross;
      cy += (ay + by) * cross;
      sx += bx;
      sy += by;
      n += 1;
    }
  }
  // A degenerate footprint (no area) falls back to the mean of its points.
  if (Math.abs(area) < 1e-16) return [ox + sx / Math.max(n, 1), oy + sy / Math.max(n, 1)];
  return [ox + cx / (3 * area), oy + cy / (3 * area)];
}

/** Whether the point lies inside the ring (even-odd rule; a point on an edge may go either way). */
function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point lies inside any of the polygons (outside their holes). */
export function pointInPolygons(x: number, y: number, polygons: Ring[][]): boolean {
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && pointInRing(x, y, outer) && !holes.some((h) => pointInRing(x, y, h)),
  );
}

/** [west, south, east, north] of the polygons' outer rings. */
export function polygonsBbox(polygons: Ring[][]): [number, number, number, number] {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const [outer] of polygons) {
    for (const [x = 0, y = 0] of outer ?? []) {
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
  }
  return [w, s, e, n];
}

/** Metres east and north of the origin, on a plane tangent near Manhattan's latitude. */
export const METRES_PER_DEGREE = {
  lat: METRES_PER_DEGREE_LAT,
  lng: METRES_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((40.78 * Math.PI) / 180),
};
