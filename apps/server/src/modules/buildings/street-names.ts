import Flatbush from "flatbush";
import { METRES_PER_DEGREE } from "./geo";

type Street = { name: string; coordinates: number[][] };

const shortForms: [RegExp, string][] = [
  [/\bStreet\b/g, "St"],
  [/\bAvenue\b/g, "Ave"],
  [/\bBoulevard\b/g, "Blvd"],
  [/\bPlace\b/g, "Pl"],
  [/\bDrive\b/g, "Dr"],
  [/\bRoad\b/g, "Rd"],
  [/\bLane\b/g, "Ln"],
  [/\bTerrace\b/g, "Ter"],
  [/\bParkway\b/g, "Pkwy"],
  [/\bSquare\b/g, "Sq"],
  [/^West (?=\d)/, "W "],
  [/^East (?=\d)/, "E "],
];

/** "West 125th Street" → "W 125th St", as street signs and addresses write it. */
export function shortStreetName(name: string): string {
  return shortForms.reduce((s, [re, to]) => s.replace(re, to), name.trim());
}

/** Numbered cross streets ("125th Street") are West or East of Fifth Avenue. */
const NUMBERED_STREET = /^\d+(st|nd|rd|th) Street$/;
const FIFTH_AVENUE = "5th Avenue";
/** Manhattan's street grid runs about 29° clockwise of true north: this is "east" along a cross street. */
const GRID_EAST: [number, number] = [Math.cos((29 * Math.PI) / 180), -Math.sin((29 * Math.PI) / 180)];
const SEARCH_RADII_M = [60, 150, 400, 1000, 3000];

/**
 * Names buildings that have no name or address of their own after the nearest named street and the cross street
 * nearest along it ("W 125th St at Frederick Douglass Blvd"). Works in metres on a local plane.
 */
export class StreetNamer {
  private readonly segments: { name: number; ax: number; ay: number; bx: number; by: number }[] = [];
  private readonly segmentIndex: Flatbush | null;
  private readonly names: string[] = [];
  /** Corners: points where streets of different names share a vertex. */
  private readonly corners: { x: number; y: number; names: number[] }[] = [];
  private readonly cornerIndex: Flatbush | null;
  /** Where each numbered street meets Fifth Avenue. */
  private readonly fifthAvenue = new Map<number, { x: number; y: number }>();

  constructor(streets: Street[]) {
    const nameIds = new Map<string, number>();
    const atVertex = new Map<string, Set<number>>();
    for (const street of streets) {
      let id = nameIds.get(street.name);
      if (id === undefined) {
        id = this.names.length;
        this.names.push(street.name);
        nameIds.set(street.name, id);
      }
      const points = street.coordinates.map(([lng = 0, lat = 0]) => this.project(lng, lat));
      for (let i = 0; i < points.length; i++) {
        const [x, y] = points[i] ?? [0, 0];
        const key = `${street.coordinates[i]?.[0]},${street.coordinates[i]?.[1]}`;
        const set = atVertex.get(key) ?? new Set<number>();
        set.add(id);
        atVertex.set(key, set);
        const next = points[i + 1];
        if (next) this.segments.push({ name: id, ax: x, ay: y, bx: next[0], by: next[1] });
      }
    }
    this.segmentIndex = this.segments.length > 0 ? new Flatbush(this.segments.length) : null;
    for (const s of this.segments) {
      this.segmentIndex?.add(
        Math.min(s.ax, s.bx),
        Math.min(s.ay, s.by),
        Math.max(s.ax, s.bx),
        Math.max(s.ay, s.by),
      );
    }
    this.segmentIndex?.finish();
    const fifth = nameIds.get(FIFTH_AVENUE);
    for (const [key, set] of atVertex) {
      if (set.size < 2) continue;
      const [lng = 0, lat = 0] = key.split(",").map(Number);
      const [x, y] = this.project(lng, lat);
      this.corners.push({ x, y, names: [...set] });
      if (fifth !== undefined && set.has(fifth)) {
        for (const id of set)
          if (NUMBERED_STREET.test(this.names[id] ?? "")) this.fifthAvenue.set(id, { x, y });
      }
    }
    this.cornerIndex = this.corners.length > 0 ? new Flatbush(this.corners.length) : null;
    for (const c of this.corners) this.cornerIndex?.add(c.x, c.y, c.x, c.y);
    this.cornerIndex?.finish();
  }

  private project(lng: number, lat: number): [number, number] {
    return [lng * METRES_PER_DEGREE.lng, lat * METRES_PER_DEGREE.lat];
  }

  /** The nearest street segment to a point, with the closest point on it; null with no streets within 3 km. */
  private nearestSegment(x: number, y: number, skipName?: number) {
    if (!this.segmentIndex) return null;
    for (const r of SEARCH_RADII_M) {
      let best: { name: number; px: number; py: number; d: number } | null = null;
      for (const i of this.segmentIndex.search(x - r, y - r, x + r, y + r)) {
        const s = this.segments[i];
        if (!s || s.name === skipName) continue;
        const dx = s.bx - s.ax;
        const dy = s.by - s.ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - s.ax) * dx + (y - s.ay) * dy) / len2)) : 0;
        const px = s.ax + t * dx;
        const py = s.ay + t * dy;
        const d = Math.hypot(x - px, y - py);
        if (d <= r && (!best || d < best.d)) best = { name: s.name, px, py, d };
      }
      if (best) return best;
    }
    return null;
  }

  private label(id: number, x: number, y: number): string {
    const name = this.names[id] ?? "";
    const fifth = this.fifthAvenue.get(id);
    if (!fifth) return shortStreetName(name);
    const side = (x - fifth.x) * GRID_EAST[0] + (y - fifth.y) * GRID_EAST[1] >= 0 ? "East" : "West";
    return shortStreetName(`${side} ${name}`);
  }

  /** "W 125th St at Frederick Douglass Blvd", or null when no named street is near. */
  nameAt(lng: number, lat: number): string | null {
    const [x, y] = this.project(lng, lat);
    const main = this.nearestSegment(x, y);
    if (!main) return null;
    const street = this.label(main.name, main.px, main.py);
    // The cross street: the nearest corner of the main street to where the building faces it.
    const corner = this.cornerIndex?.neighbors(main.px, main.py, 1, 1500, (i) => {
      const names = this.corners[i]?.names ?? [];
      return names.includes(main.name) && names.some((n) => n !== main.name);
    })[0];
    const crossId =
      corner !== undefined
        ? this.corners[corner]?.names.find((n) => n !== main.name)
        : this.nearestSegment(x, y, main.name)?.name;
    if (crossId === undefined) return street;
    const cross = this.label(crossId, main.px, main.py);
    return cross === street ? street : `${street} at ${cross}`;
  }
}
