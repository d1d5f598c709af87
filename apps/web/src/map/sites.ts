import type { Sites } from "@mx/shared/map-sites";
import type { Feature, FeatureCollection, Point } from "geojson";
import type { BuildingMark } from "./ownership";

/** Where each building stands, by mapId: [lng, lat]. */
export type SiteIndex = Map<number, [number, number]>;

export function indexSites(sites: Sites): SiteIndex {
  const index: SiteIndex = new Map();
  for (let i = 0; i < sites.mapIds.length; i += 1) {
    index.set(sites.mapIds[i] as number, [sites.lng[i] as number, sites.lat[i] as number]);
  }
  return index;
}

export interface SiteProperties {
  level: number;
  constructing: boolean;
  /** The owner's colour; absent for a developed building back on the market without an owner. */
  color?: string;
}

/**
 * The island view's points: one per building developed or under construction (every other mark is left out, so the
 * cost follows the number of developments, not of buildings), with the feature id its mapId.
 */
export function siteFeatures(
  marks: ReadonlyMap<number, BuildingMark>,
  index: SiteIndex,
): FeatureCollection<Point, SiteProperties> {
  const features: Feature<Point, SiteProperties>[] = [];
  for (const [mapId, mark] of marks) {
    if (mark.level === 0 && !mark.constructing) continue;
    const at = index.get(mapId);
    if (!at) continue;
    features.push({
      type: "Feature",
      id: mapId,
      properties: {
        level: mark.level,
        constructing: mark.constructing,
        ...(mark.color === null ? {} : { color: mark.color }),
      },
      geometry: { type: "Point", coordinates: at },
    });
  }
  return { type: "FeatureCollection", features };
}
