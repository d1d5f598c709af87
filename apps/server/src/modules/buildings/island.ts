import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Flatbush from "flatbush";
import type { Footprint } from "../../db/schema/buildings";
import { centroid, pointInPolygons, polygonArea, polygonsBbox } from "./geo";
import { nameLandmarks } from "./landmark-names";
import { joinLots, type LotJoin, otherAddressForms, readLotAddresses } from "./lot-addresses";
import {
  type BuildingRecord,
  DEFAULT_HEIGHT_M,
  ImportError,
  METRES_PER_FLOOR,
  measure,
  num,
  PLACEHOLDER_BIN,
  parseFootprints,
  positive,
  readFootprint,
  str,
} from "./parse-footprints";
import { repairFootprint } from "./repair-polygon";
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

type Props = Record<string, unknown>;
type RawFeature = { id?: unknown; properties?: Props | null; geometry?: unknown };
type Polygons = number[][][][];

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

function readFeatures(file: string): RawFeature[] | null {
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

function polygonsOf(footprint: Footprint): Polygons {
  return footprint.type === "Polygon" ? [footprint.coordinates] : footprint.coordinates;
}

/** A static index of polygons by bounding box, answering "which of them contain this point". */
class PolygonIndex<T> {
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

type Lot = { floors: number | null; year: number | null; areaSqft: number | null };

/** Tax-lot points: each footprint takes the lot inside it (the largest, when several are). */
function lotsByFootprint(lotFeatures: RawFeature[], footprints: Polygons[]): (Lot | null)[] {
  const index = new PolygonIndex(footprints.map((polygons, i) => ({ polygons, value: i })));
  const found: (Lot | null)[] = footprints.map(() => null);
  for (const f of lotFeatures) {
    const g = f.geometry as { type?: unknown; coordinates?: unknown } | null;
    if (g?.type !== "Point" || !Array.isArray(g.coordinates)) continue;
    const [lng, lat] = g.coordinates as number[];
    if (typeof lng !== "number" || typeof lat !== "number") continue;
    const p = f.properties ?? {};
    const lot: Lot = {
      floors: positive(num(p.numfloors)),
      year: positive(num(p.yearbuilt)),
      areaSqft: positive(num(p.bldgarea)),
    };
    for (const i of index.containing(lng, lat)) {
      const current = found[i];
      if (!current || (lot.areaSqft ?? 0) > (current.areaSqft ?? 0)) found[i] = lot;
    }
  }
  return found;
}

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
 * The model has a few slivers: rings of fewer than four positions are dropped, and a polygon left without its
 * outer ring with them; null when nothing drawable remains.
 */
function modelFootprint(geometry: unknown): Footprint | null {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  const polygons =
    g?.type === "Polygon"
      ? [g.coordinates]
      : g?.type === "MultiPolygon"
        ? (g.coordinates as unknown[])
        : null;
  if (!Array.isArray(polygons)) return null;
  const kept = polygons.flatMap((rings) => {
    if (!Array.isArray(rings)) return [];
    const [outer, ...holes] = rings as unknown[][];
    if (!Array.isArray(outer) || outer.length < 4) return [];
    return [[outer, ...holes.filter((h) => Array.isArray(h) && h.length >= 4)]];
  });
  if (kept.length === 0) return null;
  try {
    return readFootprint({ type: "MultiPolygon", coordinates: kept }).footprint.coordinates.length === 1
      ? readFootprint({ type: "Polygon", coordinates: kept[0] }).footprint
      : readFootprint({ type: "MultiPolygon", coordinates: kept }).footprint;
  } catch {
    return null;
  }
}

/** An outline's height is "far below" the 3-D model's under half of it, or when it gives under 2.5 m a floor. */
const FAR_BELOW = 0.5;
const LOWEST_METRES_PER_FLOOR = 2.5;

/** The height to draw: the model's roof when the outline's height is far below it or too low for its floors. */
export function trueHeight(heightM: number, floors: number, modelHeightM: number | null): number {
  if (modelHeightM === null || modelHeightM <= heightM) return heightM;
  if (heightM < modelHeightM * FAR_BELOW || heightM / floors < LOWEST_METRES_PER_FLOOR) {
    return Math.round(modelHeightM * 10) / 10;
  }
  return heightM;
}

/** A 3-D model footprint as a catalogue record (before naming). */
function fromModel(p: Props, footprint: Footprint, id: string, lot: Lot | null): BuildingRecord {
  const polygons = polygonsOf(footprint);
  const modelHeight = positive(num(p.height_m));
  const floors = Math.max(
    1,
    Math.round(
      lot?.floors ?? (modelHeight ? modelHeight / METRES_PER_FLOOR : DEFAULT_HEIGHT_M / METRES_PER_FLOOR),
    ),
  );
  const height = modelHeight ?? (lot?.floors ? lot.floors * METRES_PER_FLOOR : DEFAULT_HEIGHT_M);
  const bin = str(p.bin);
  return {
    id,
    name: null,
    address: null,
    bin: bin && !PLACEHOLDER_BIN.test(bin) ? bin : null,
    footprint,
    heightM: Math.round(height * 10) / 10,
    floors,
    yearBuilt: lot?.year ?? null,
    source: "doitt",
    neighborhood: null,
    lot: null,
    addressRanges: null,
    searchText: "",
    ...measure(polygons, floors),
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
  const osmFeatures: RawFeature[] = [];
  const seen = new Set<string>();
  for (const name of ISLAND_FILES.osm) {
    for (const f of readFeatures(path.join(mapDataDir, name)) ?? []) {
      const id = str(f.properties?.osm_id) ?? str(f.id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      osmFeatures.push(f);
    }
  }
  const modelFeatures = readFeatures(path.join(mapDataDir, ISLAND_FILES.model)) ?? [];
  if (osmFeatures.length === 0 && modelFeatures.length === 0) {
    throw new ImportError(`No building footprints in ${mapDataDir}.`);
  }

  const osmPolygons = osmFeatures.map((f, i) => {
    try {
      return readFootprint(f.geometry).polygons;
    } catch (error) {
      throw new ImportError(`OpenStreetMap feature ${i}: ${(error as Error).message}.`);
    }
  });
  const osmBins = new Set(
    osmFeatures
      .map((f) => str(f.properties?.bin))
      .filter((b): b is string => !!b && !PLACEHOLDER_BIN.test(b)),
  );

  const osmIndexOf = new PolygonIndex(osmPolygons.map((polygons, i) => ({ polygons, value: i })));
  const osmByBin = new Map<string, number[]>();
  osmFeatures.forEach((f, i) => {
    const bin = str(f.properties?.bin);
    if (bin && !PLACEHOLDER_BIN.test(bin)) osmByBin.set(bin, [...(osmByBin.get(bin) ?? []), i]);
  });
  // The 3-D model's tallest roof over each OpenStreetMap outline, matched by BIN or by its centre.
  const modelHeights: (number | null)[] = osmFeatures.map(() => null);
  const noteHeight = (i: number, height: number | null) => {
    if (height !== null && height > (modelHeights[i] ?? 0)) modelHeights[i] = height;
  };

  const model: { props: Props; id: string; footprint: Footprint }[] = [];
  let repaired = 0;
  let skipped = 0;
  for (const f of modelFeatures) {
    const p = f.properties ?? {};
    const bin = str(p.bin);
    const height = positive(num(p.height_m));
    if (bin && !PLACEHOLDER_BIN.test(bin) && osmBins.has(bin)) {
      for (const i of osmByBin.get(bin) ?? []) noteHeight(i, height);
      continue;
    }
    const footprint = modelFootprint(f.geometry);
    if (!footprint) {
      skipped += 1;
      continue;
    }
    const [lng, lat] = centroid(polygonsOf(footprint));
    const under = osmIndexOf.containing(lng, lat);
    for (const i of under) noteHeight(i, height);
    if (under.length > 0) continue;
    const doittId = str(p.doitt_id);
    const id = str(f.id) ?? (doittId ? `doitt/${doittId}` : null);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const fixed = repairFootprint(footprint);
    if (fixed !== footprint) repaired += 1;
    model.push({ props: p, id, footprint: fixed });
  }

  const lotFeatures = readFeatures(path.join(mapDataDir, ISLAND_FILES.lots)) ?? [];
  const allPolygons = [...osmPolygons, ...model.map((m) => polygonsOf(m.footprint))];
  const lots = lotsByFootprint(lotFeatures, allPolygons);

  // OSM features without their lot's values get them from the lot point inside them, then parse as usual.
  const enriched = osmFeatures.map((f, i) => {
    const p = f.properties ?? {};
    const lot = lots[i];
    if (!lot || "pluto_numfloors" in p || "pluto_yearbuilt" in p) return f;
    return {
      ...f,
      properties: {
        ...p,
        pluto_numfloors: lot.floors,
        pluto_yearbuilt: lot.year,
        pluto_bldgarea: lot.areaSqft,
      },
    };
  });
  let heightsFromModel = 0;
  const osmRecords = (
    enriched.length > 0 ? parseFootprints({ type: "FeatureCollection", features: enriched }).records : []
  ).map((r, i) => {
    const heightM = trueHeight(r.heightM, r.floors, modelHeights[i] ?? null);
    if (heightM === r.heightM) return r;
    heightsFromModel += 1;
    return { ...r, heightM };
  });
  const modelRecords = model.map((m, i) =>
    fromModel(m.props, m.footprint, m.id, lots[osmFeatures.length + i] ?? null),
  );

  // Addresses from the tax lots: OpenStreetMap's own stays; every building keeps its lot's BBL.
  const lotAddresses = readLotAddresses(path.join(mapDataDir, ISLAND_FILES.addresses));
  const joined = lotAddresses ? joinLots(lotAddresses, allPolygons) : [];
  const counts = { addressFromOsm: 0, addressFromLotInside: 0, addressFromLotNear: 0, onLot: 0 };
  const lotGiven = new Set<number>();
  const osmKeeps = osmAddressKeepers([...osmRecords, ...modelRecords], joined);
  const addressed = [...osmRecords, ...modelRecords].map((own, i) => {
    const lot = joined[i];
    // An OpenStreetMap address found on buildings of other lots too is given up by all but one of them.
    const keeper = own.address && lot ? osmKeeps.get(normaliseQuery(own.address)) : undefined;
    const r = keeper && lot && keeper !== lot.bbl ? { ...own, address: null } : own;
    if (r.address) counts.addressFromOsm += 1;
    if (!lot) return r;
    counts.onLot += 1;
    if (r.address || !lot.address) return { ...r, lot: lot.bbl, addressRanges: lot.ranges };
    lotGiven.add(i);
    return { ...r, address: lot.address, lot: lot.bbl, addressRanges: lot.ranges };
  });

  const areas = readNeighborhoodAreas(mapDataDir);
  const records = completeRecords(
    nameLandmarks(
      oneLotPerAddress(addressed, lotGiven, joined).map((r, i) => {
        if (lotGiven.has(i) && r.address) {
          if (joined[i]?.inside) counts.addressFromLotInside += 1;
          else counts.addressFromLotNear += 1;
        }
        return r;
      }),
    ),
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

/**
 * OpenStreetMap's own addresses that buildings of two lots or more carry (one building drawn as two outlines over a
 * lot line, or an address copied to a neighbour), each with the lot that keeps it: the lot whose own address in the
 * lot file it is, else the lowest BBL. Buildings of the other lots take their own lot's address instead.
 */
function osmAddressKeepers(records: BuildingRecord[], joined: (LotJoin | null)[]): Map<string, string> {
  const lotsOf = new Map<string, Set<string>>();
  const ownLot = new Map<string, string>();
  records.forEach((r, i) => {
    const lot = joined[i];
    if (!r.address || !lot) return;
    const folded = normaliseQuery(r.address);
    lotsOf.set(folded, (lotsOf.get(folded) ?? new Set()).add(lot.bbl));
    if (lot.address && normaliseQuery(lot.address) === folded) {
      const known = ownLot.get(folded);
      if (!known || lot.bbl < known) ownLot.set(folded, lot.bbl);
    }
  });
  const keepers = new Map<string, string>();
  for (const [folded, lots] of lotsOf) {
    if (lots.size < 2) continue;
    keepers.set(folded, ownLot.get(folded) ?? [...lots].sort()[0] ?? "");
  }
  return keepers;
}

/**
 * No address on buildings of two lots: where lots share an address (a condominium's billing lot, a slip in the
 * city's file) or a lot's address is another building's own in OpenStreetMap, the address stays with
 * OpenStreetMap's building, else with the lowest BBL whose point stands inside a building, else the lowest BBL;
 * buildings of the other lots give it up (they keep their lot, and are named from the streets).
 */
function oneLotPerAddress(
  records: BuildingRecord[],
  lotGiven: Set<number>,
  joined: ({ inside: boolean } | null)[],
): BuildingRecord[] {
  const keyOf = (r: BuildingRecord) => r.lot ?? `id:${r.id}`;
  const owner = new Map<string, { key: string; rank: number }>();
  records.forEach((r, i) => {
    if (!r.address) return;
    const key = keyOf(r);
    const rank = !lotGiven.has(i) ? 0 : joined[i]?.inside ? 1 : 2;
    const folded = normaliseQuery(r.address);
    const best = owner.get(folded);
    if (!best || rank < best.rank || (rank === best.rank && key < best.key)) owner.set(folded, { key, rank });
  });
  return records.map((r, i) => {
    if (!r.address || !lotGiven.has(i)) return r;
    const best = owner.get(normaliseQuery(r.address));
    return best && best.key !== keyOf(r) ? { ...r, address: null } : r;
  });
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
