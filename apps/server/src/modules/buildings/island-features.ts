import { existsSync, readFileSync } from "node:fs";
import Flatbush from "flatbush";
import type { Footprint } from "../../db/schema/buildings";
import { pointInPolygons, polygonsBbox } from "./geo";
import { ImportError } from "./parse-footprints";

export type Props = Record<string, unknown>;
export type RawFeature = { id?: unknown; properties?: Props | null; geometry?: unknown };
export type Polygons = number[][][][];

/** The features of a GeoJSON FeatureCollection file (null when there is no such file). */
export function readFeatures(file: string): RawFeature[] | null {
  if (!existsSync(file)) return null;
  let json: { type?: unknown; features?: unknown };
  try {
    json = JSON.parse(readFileSync(file, "utf8")) as typeof json;
  } catch (error) {
    throw new ImportError(`${file}: ${(error as Error).message}`);
  }
  if (json.type !== "FeatureCollection" || !Array.isArray(json.features)) {
    throw new ImportError(`${file}: not a GeoJSON FeatureCollection.`);
  }
  return json.features as RawFeature[];
}

/** A footprint's polygons, a Polygon taken as a MultiPolygon of one. */
export function polygonsOf(footprint: Footprint): Polygons {
  return footprint.type === "Polygon" ? [footprint.coordinates] : footprint.coordinates;
}

/** A static index of polygons by bounding box, answering "which of them contain this point". */
export class PolygonIndex<T> {
  private readonly index: Flatbush | null;
  constructor(private readonly items: { polygons: Polygons; value: T }[]) {
    this.index = items.length > 0 ? new Flatbush(items.length) : null;
    for (const item of items) {
      const [w, s, e, n] = polygonsBbox(item.polygons);
      this.index?.add(w, s, e, n);
    }
    this.index?.finish();
  }
  containing(lng: number, lat: number): T[] {
    if (!this.index) return [];
    return this.index
      .search(lng, lat, lng, lat)
      .map((i) => this.items[i])
      .filter(
        (item): item is { polygons: Polygons; value: T } =>
          !!item && pointInPolygons(lng, lat, item.polygons),
      )
      .map((item) => item.value);
  }
}
