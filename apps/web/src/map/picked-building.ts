import type { LngLat, MapGeoJSONFeature } from "maplibre-gl";

/** A building the player picked on the map or in the search. */
export interface PickedBuilding {
  buildingId: string;
  mapId: number;
  /** The tile's display name ("" when the building has none). */
  name: string;
  address: string | null;
  lat: number;
  lng: number;
}

/** The middle of a building's footprint: the average of its outer ring's corners. */
function centroid(feature: MapGeoJSONFeature): [number, number] | null {
  const geometry = feature.geometry;
  const ring =
    geometry.type === "Polygon"
      ? geometry.coordinates[0]
      : geometry.type === "MultiPolygon"
        ? geometry.coordinates[0]?.[0]
        : undefined;
  if (!ring || ring.length === 0) return null;
  // The closing vertex repeats the first one; leave it out of the average.
  const points = ring.length > 1 ? ring.slice(0, -1) : ring;
  let lng = 0;
  let lat = 0;
  for (const [x = 0, y = 0] of points) {
    lng += x;
    lat += y;
  }
  return [lng / points.length, lat / points.length];
}

/** The building a rendered feature is, placed at its footprint's middle (or where it was clicked). */
export function pickFromFeature(feature: MapGeoJSONFeature, fallback: LngLat): PickedBuilding | null {
  if (typeof feature.id !== "number") return null;
  const props = feature.properties as Record<string, unknown>;
  const [lng, lat] = centroid(feature) ?? [fallback.lng, fallback.lat];
  return {
    buildingId:
      typeof props.buildingId === "string" ? props.buildingId : String(props.buildingId ?? feature.id),
    mapId: feature.id,
    name: typeof props.name === "string" ? props.name : "",
    address: null,
    lat,
    lng,
  };
}
