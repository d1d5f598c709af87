import path from "node:path";
import { centroid, pointInPolygons, polygonArea } from "./geo";
import { addressesFromLots, keepOneLotPerAddress } from "./island-addresses";
import { PolygonIndex, type Polygons, polygonsOf, type RawFeature, readFeatures } from "./island-features";
import { fromModel, lotsByFootprint, mergeModel, osmPolygonsOf, osmRecordsOf } from "./island-model";
import { nameLandmarks } from "./landmark-names";
import { joinLots, otherAddressForms, readLotAddresses } from "./lot-addresses";
import { type BuildingRecord, ImportError, num, readFootprint, str } from "./parse-footprints";
import { normaliseQuery } from "./search-buildings";
import { StreetNamer } from "./street-names";

/** The files of MAP_DATA_DIR the whole-island import reads. */
export const ISLAND_FILES = {
  osm: ["midtown-buildings.geojson", "lower-manhattan-buildings.geojson"],
  model: "manhattan-buildings-doitt-2014.geojson",
  lots: "manhattan-pluto-lots.geojson",
  addresses: "manhattan-lot-addresses.csv",
  streets: "manhattan-streets.geojson",
  neighborhoods: "manhattan-neighborhoods.geojson",
  shoreline: "manhattan-boundary.geojson",
} as const;

export type NeighborhoodRecord = {
  code: string;
  name: string;
  /** NTA type: 0 residential, 9 park, 6–8 other non-residential. */
  kind: number;
  /** Where its label goes: the middle of its largest polygon, or of its buildings. */
  lat: number;
  lng: number;
};

export type Island = {
  records: BuildingRecord[];
  neighborhoods: NeighborhoodArea[];
  counts: {
    osm: number;
    model: number;
    modelMerged: number;
    modelSkipped: number;
    repaired: number;
    lots: number;
    /** Buildings with an address: OpenStreetMap's, or their tax lot's (a lot point inside, or one close by). */
    addressed?: number;
    addressFromOsm?: number;
    addressFromLotInside?: number;
    addressFromLotNear?: number;
    /** Buildings on a known tax lot. */
    onLot?: number;
    /** OpenStreetMap outlines whose height was far below the 3-D model's, which now carry the model's. */
    heightsFromModel?: number;
  };
};

function readNeighborhoods(features: RawFeature[]) {
  return features.flatMap((f) => {
    const p = f.properties ?? {};
    const name = str(p.name);
    if (!name) return [];
    const { polygons } = readFootprint(f.geometry);
    const largest = polygons.reduce<number[][][] | undefined>(
      (best, poly) => (!best || polygonArea(poly) > polygonArea(best) ? poly : best),
      undefined,
    );
    const [lng, lat] = centroid(largest ? [largest] : polygons);
    return [
      {
        polygons,
        record: {
          code: str(p.nta2020) ?? name,
          name,
          kind: num(p.ntatype) ?? 0,
          lat,
          lng,
        } satisfies NeighborhoodRecord,
      },
    ];
  });
}

/** Neighbourhood of a point: the one containing it, else (shoreline piers, Marble Hill) the nearest by its edge. */
function neighborhoodFinder(areas: ReturnType<typeof readNeighborhoods>) {
  const index = new PolygonIndex(areas.map((a) => ({ polygons: a.polygons, value: a.record.name })));
  return (lng: number, lat: number): string | null => {
    const [inside] = index.containing(lng, lat);
    if (inside) return inside;
    let best: { name: string; d: number } | null = null;
    for (const area of areas) {
      for (const rings of area.polygons) {
        for (const [x = 0, y = 0] of rings[0] ?? []) {
          const d = (x - lng) ** 2 + ((y - lat) * 1.32) ** 2;
          if (!best || d < best.d) best = { name: area.record.name, d };
        }
      }
    }
    return best?.name ?? null;
  };
}

/**
 * The text search matches: name, address, neighbourhood, the address under its avenue's other names, and the
 * house numbers its lot covers, folded as queries are.
 */
export function searchTextOf(
  r: Pick<BuildingRecord, "name" | "address" | "neighborhood"> &
    Partial<Pick<BuildingRecord, "lat" | "addressRanges">>,
): string {
  const others = r.address && r.lat !== undefined ? otherAddressForms(r.address, r.lat) : [];
  return normaliseQuery(
    [r.name, r.address, r.neighborhood, ...others, r.addressRanges].filter(Boolean).join(" | "),
  );
}

/**
 * Gives every record its neighbourhood and, when it has neither name nor address, a name made from the streets;
 * then its search text. Used by the island import and by single-file imports alike.
 */
export function completeRecords(
  records: BuildingRecord[],
  context: {
    namer: StreetNamer | null;
    neighborhoodAt: ((lng: number, lat: number) => string | null) | null;
  },
): BuildingRecord[] {
  return records.map((r) => {
    const neighborhood = context.neighborhoodAt?.(r.lng, r.lat) ?? r.neighborhood;
    const made = r.name || r.address ? null : context.namer?.nameAt(r.lng, r.lat);
    const name =
      r.name ??
      (r.address
        ? null
        : (made ?? `Building at ${Math.abs(r.lat).toFixed(5)}° N, ${Math.abs(r.lng).toFixed(5)}° W`));
    const complete = { ...r, name, neighborhood };
    return { ...complete, searchText: searchTextOf(complete) };
  });
}

export type StreetRecord = {
  name: string;
  highway: string;
  geometry:
    | { type: "LineString"; coordinates: number[][] }
    | { type: "MultiLineString"; coordinates: number[][][] };
};
export type NeighborhoodArea = NeighborhoodRecord & { polygons: Polygons };
export type IslandContext = {
  namer: StreetNamer | null;
  neighborhoodAt: ((lng: number, lat: number) => string | null) | null;
};

/** The named streets of MAP_DATA_DIR (null without the file), as the map draws them and buildings are named. */
export function readStreets(mapDataDir: string): StreetRecord[] | null {
  const features = readFeatures(path.join(mapDataDir, ISLAND_FILES.streets));
  if (!features) return null;
  return features.flatMap((f): StreetRecord[] => {
    const name = str(f.properties?.name);
    const highway = str(f.properties?.highway) ?? "";
    const g = f.geometry as { type?: unknown; coordinates?: unknown } | null;
    if (!name || !g || !Array.isArray(g.coordinates)) return [];
    if (g.type === "LineString") {
      return [{ name, highway, geometry: { type: "LineString", coordinates: g.coordinates as number[][] } }];
    }
    if (g.type === "MultiLineString") {
      return [
        { name, highway, geometry: { type: "MultiLineString", coordinates: g.coordinates as number[][][] } },
      ];
    }
    return [];
  });
}

/** The shoreline of MAP_DATA_DIR: the borough boundary's polygons (null without the file). */
export function readShoreline(mapDataDir: string): Polygons[] | null {
  const features = readFeatures(path.join(mapDataDir, ISLAND_FILES.shoreline));
  if (!features) return null;
  return features.flatMap((f) => {
    const g = f.geometry as { type?: unknown; coordinates?: unknown } | null;
    if (g?.type === "Polygon") return [[g.coordinates as number[][][]]];
    if (g?.type === "MultiPolygon") return [g.coordinates as Polygons];
    return [];
  });
}

/** The neighbourhoods of MAP_DATA_DIR with their areas (empty without the file). */
export function readNeighborhoodAreas(mapDataDir: string): NeighborhoodArea[] {
  const areas = readFeatures(path.join(mapDataDir, ISLAND_FILES.neighborhoods));
  return areas ? readNeighborhoods(areas).map(({ polygons, record }) => ({ ...record, polygons })) : [];
}

/** What names and places buildings: the streets and the neighbourhoods' areas. */
export function islandContext(streets: StreetRecord[] | null, areas: NeighborhoodArea[]): IslandContext {
  const namer = streets
    ? new StreetNamer(
        streets.flatMap(({ name, geometry }) =>
          geometry.type === "LineString"
            ? [{ name, coordinates: geometry.coordinates }]
            : geometry.coordinates.map((coordinates) => ({ name, coordinates })),
        ),
      )
    : null;
  const finder = areas.map(({ polygons, ...record }) => ({ polygons, record }));
  return { namer, neighborhoodAt: finder.length > 0 ? neighborhoodFinder(finder) : null };
}

/**
 * Merges every footprint source of MAP_DATA_DIR into one catalogue:
 * - OpenStreetMap buildings keep their ids and data (the first file wins when an id repeats);
 * - a 3-D model building adds nothing when its BIN is an OSM building's or its centre lies inside one;
 * - every other model building becomes `doitt/<id>`, its polygon repaired where it touches itself;
 * - each building takes floors, year and floor area from the tax lot inside it (OSM buildings that already
 *   carry their lot's values keep them), its neighbourhood, and a name when it has none.
 */
export function readIsland(mapDataDir: string): Island {
  const seen = new Set<string>();
  const osmFeatures = readOsmFeatures(mapDataDir, seen);
  const modelFeatures = readFeatures(path.join(mapDataDir, ISLAND_FILES.model)) ?? [];
  if (osmFeatures.length === 0 && modelFeatures.length === 0) {
    throw new ImportError(`No building footprints in ${mapDataDir}.`);
  }

  const osmPolygons = osmPolygonsOf(osmFeatures);
  const { model, modelHeights, repaired, skipped } = mergeModel(
    osmFeatures,
    osmPolygons,
    modelFeatures,
    seen,
  );

  const lotFeatures = readFeatures(path.join(mapDataDir, ISLAND_FILES.lots)) ?? [];
  const allPolygons = [...osmPolygons, ...model.map((m) => polygonsOf(m.footprint))];
  const lots = lotsByFootprint(lotFeatures, allPolygons);

  const { osmRecords, heightsFromModel } = osmRecordsOf(osmFeatures, lots, modelHeights);
  const modelRecords = model.map((m, i) =>
    fromModel(m.props, m.footprint, m.id, lots[osmFeatures.length + i] ?? null),
  );

  // Addresses from the tax lots: OpenStreetMap's own stays; every building keeps its lot's BBL.
  const lotAddresses = readLotAddresses(path.join(mapDataDir, ISLAND_FILES.addresses));
  const joined = lotAddresses ? joinLots(lotAddresses, allPolygons) : [];
  const { addressed, lotGiven, counts } = addressesFromLots([...osmRecords, ...modelRecords], joined);

  const areas = readNeighborhoodAreas(mapDataDir);
  const records = completeRecords(
    nameLandmarks(keepOneLotPerAddress(addressed, lotGiven, joined, counts)),
    islandContext(readStreets(mapDataDir), areas),
  );
  return {
    records,
    neighborhoods: labelPoints(areas, records),
    counts: {
      osm: osmRecords.length,
      model: modelRecords.length,
      modelMerged: modelFeatures.length - modelRecords.length - skipped,
      modelSkipped: skipped,
      repaired,
      lots: lots.filter(Boolean).length,
      ...(lotAddresses
        ? {
            addressed: records.filter((r) => r.address).length,
            ...counts,
            heightsFromModel,
          }
        : { heightsFromModel }),
    },
  };
}

/** The OpenStreetMap features of MAP_DATA_DIR, each id once (the first file wins); `seen` takes their ids. */
function readOsmFeatures(mapDataDir: string, seen: Set<string>): RawFeature[] {
  const osmFeatures: RawFeature[] = [];
  for (const name of ISLAND_FILES.osm) {
    for (const f of readFeatures(path.join(mapDataDir, name)) ?? []) {
      const id = str(f.properties?.osm_id) ?? str(f.id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      osmFeatures.push(f);
    }
  }
  return osmFeatures;
}

/** A label outside its own area (a crescent-shaped neighbourhood) moves to the middle of its buildings. */
function labelPoints(areas: NeighborhoodArea[], records: BuildingRecord[]): NeighborhoodArea[] {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const r of records) {
    if (!r.neighborhood) continue;
    const s = sums.get(r.neighborhood) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += r.lat;
    s.lng += r.lng;
    s.n += 1;
    sums.set(r.neighborhood, s);
  }
  return areas.map((area) => {
    const s = sums.get(area.name);
    if (pointInPolygons(area.lng, area.lat, area.polygons) || !s) return area;
    return { ...area, lat: s.lat / s.n, lng: s.lng / s.n };
  });
}
