import type { FeatureIdentifier, Map as MapLibreMap } from "maplibre-gl";
import { SOURCE_ID, SOURCE_LAYERS, STATE } from "./map-style";
import { type BuildingMark, diffMarks } from "./ownership";

/*
 * The overlays drawn through feature-state: each building's mark (owner's colour, for sale, level, works) and the
 * held collections' ring. Feature-state works by id, so a building need not be loaded yet.
 */

/** The building `mapId` in the map's tiles, as feature-state addresses it. */
export function buildingTarget(mapId: number): FeatureIdentifier {
  return { source: SOURCE_ID, sourceLayer: SOURCE_LAYERS.buildings, id: mapId };
}

/** Applies the overlay's marks: only buildings whose mark changed since `before` are touched. */
export function applyMarks(
  map: MapLibreMap,
  next: Map<number, BuildingMark>,
  before: Map<number, BuildingMark>,
) {
  const { set, cleared } = diffMarks(before, next);
  for (const [mapId, mark] of set) {
    const target = buildingTarget(mapId);
    if (mark.color === null) map.removeFeatureState(target, STATE.color);
    map.setFeatureState(target, {
      ...(mark.color === null ? {} : { [STATE.color]: mark.color }),
      [STATE.forSale]: mark.forSale,
      [STATE.level]: mark.level,
      [STATE.constructing]: mark.constructing,
    });
  }
  for (const mapId of cleared) {
    const target = buildingTarget(mapId);
    for (const key of [STATE.color, STATE.forSale, STATE.level, STATE.constructing]) {
      map.removeFeatureState(target, key);
    }
  }
}

/** Applies the held collections' mark (map id → the holder's colour): only the buildings that changed are touched. */
export function applyCollectionMarks(
  map: MapLibreMap,
  next: Map<number, string>,
  before: Map<number, string>,
) {
  for (const mapId of before.keys()) {
    if (!next.has(mapId)) map.removeFeatureState(buildingTarget(mapId), STATE.collection);
  }
  for (const [mapId, color] of next) {
    if (before.get(mapId) !== color)
      map.setFeatureState(buildingTarget(mapId), { [STATE.collection]: color });
  }
}
