import type { Footprint } from "../../db/schema/buildings";
import { basePriceCents } from "./base-price";
import { centroid, polygonArea } from "./geo";

export type BuildingRecord = {
  id: string;
  name: string | null;
  address: string | null;
  bin: string | null;
  lat: number;
  lng: number;
  footprint: Footprint;
  heightM: number;
  floors: number;
  yearBuilt: number | null;
  floorAreaSqft: number;
  basePriceCents: number;
  source: "osm" | "nyc" | "doitt";
  /** The neighbourhood (NTA 2020 name) the building's centre falls in. */
  neighborhood: string | null;
  /** The tax lot it stands on (BBL: borough, block, lot), when one is known. */
  lot: string | null;
  /** The house numbers its lot covers on each street of its block, folded: "[west 72 street 1-13]". */
  addressRanges: string | null;
  /** Name, address and neighbourhood, lower case with street words spelt out: what search matches. */
  searchText: string;
};

export type FootprintFormat = "osm" | "nyc";

export class ImportError extends Error {}

export const METRES_PER_FLOOR = 3.5;
export const DEFAULT_HEIGHT_M = 10;
const FEET = 0.3048;
const SQFT_PER_M2 = 10.7639;
/** NYC's placeholder BINs (1000000, 2000000, …) name no particular building. */
export const PLACEHOLDER_BIN = /^[1-5]000000$/;

type Props = Record<string, unknown>;

export function num(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}
export function str(value: unknown): string | null {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
export const positive = (n: number | null) => (n !== null && n > 0 ? n : null);

function checkPosition(p: unknown): p is [number, number] {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === "number" &&
    typeof p[1] === "number" &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) <= 90
  );
}

/** Polygon rings as [[lng, lat], …], rounded to 6 decimals (~10 cm); throws a description of what is wrong. */
function readPolygon(rings: unknown): number[][][] {
  if (!Array.isArray(rings) || rings.length === 0) throw new Error("a polygon has no rings");
  return rings.map((ring) => {
    if (!Array.isArray(ring) || ring.length < 4) throw new Error("a ring has fewer than 4 positions");
    return ring.map((p) => {
      if (!checkPosition(p)) throw new Error(`position ${JSON.stringify(p)} is not [longitude, latitude]`);
      return [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];
    });
  });
}

export function readFootprint(geometry: unknown): { footprint: Footprint; polygons: number[][][][] } {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== "object") throw new Error("it has no geometry");
  if (g.type === "Polygon") {
    const polygon = readPolygon(g.coordinates);
    return { footprint: { type: "Polygon", coordinates: polygon }, polygons: [polygon] };
  }
  if (g.type === "MultiPolygon") {
    if (!Array.isArray(g.coordinates) || g.coordinates.length === 0)
      throw new Error("the MultiPolygon is empty");
    const polygons = g.coordinates.map(readPolygon);
    return { footprint: { type: "MultiPolygon", coordinates: polygons }, polygons };
  }
  throw new Error(`its geometry is a ${String(g.type)}, not a Polygon or MultiPolygon`);
}

/** OpenStreetMap extract (this project's shared data) or NYC Open Data's Building Footprints. */
function detectFormat(features: { properties?: Props | null }[]): FootprintFormat {
  const sample = features.slice(0, 50).map((f) => f.properties ?? {});
  if (sample.some((p) => "osm_id" in p)) return "osm";
  if (sample.some((p) => "heightroof" in p || "height_roof" in p || ("bin" in p && "cnstrct_yr" in p)))
    return "nyc";
  throw new ImportError(
    "Unknown footprint format: expected OpenStreetMap features with `osm_id`, or NYC Building Footprints with `bin` and `heightroof`.",
  );
}

export function measure(polygons: number[][][][], floors: number) {
  const [lng, lat] = centroid(polygons);
  const areaM2 = polygons.reduce((sum, p) => sum + polygonArea(p), 0);
  const floorAreaSqft = Math.round(areaM2 * floors * SQFT_PER_M2);
  return { lat, lng, floorAreaSqft, basePriceCents: basePriceCents(floorAreaSqft) };
}

function fromOsm(p: Props, geometry: ReturnType<typeof readFootprint>, id: string): BuildingRecord {
  const levels = positive(num(p.levels));
  const plutoFloors = positive(num(p.pluto_numfloors));
  const knownFloors = levels ?? plutoFloors;
  const height =
    positive(num(p.height_m)) ?? (knownFloors ? knownFloors * METRES_PER_FLOOR : DEFAULT_HEIGHT_M);
  const floors = Math.max(1, Math.round(knownFloors ?? height / METRES_PER_FLOOR));
  const year = num(str(p.start_date)?.match(/\d{4}/)?.[0]) ?? positive(num(p.pluto_yearbuilt));
  const number = str(p.addr_housenumber);
  const street = str(p.addr_street);
  return {
    id,
    name: str(p.name),
    address: number && street ? `${number} ${street}` : null,
    bin: str(p.bin),
    footprint: geometry.footprint,
    heightM: Math.round(height * 10) / 10,
    floors,
    yearBuilt: year,
    source: "osm",
    neighborhood: null,
    lot: null,
    addressRanges: null,
    searchText: "",
    ...measure(geometry.polygons, floors),
  };
}

function fromNyc(p: Props, geometry: ReturnType<typeof readFootprint>, id: string): BuildingRecord {
  const feet = positive(num(p.heightroof ?? p.height_roof));
  const height = feet ? feet * FEET : DEFAULT_HEIGHT_M;
  const floors = Math.max(1, Math.round(height / METRES_PER_FLOOR));
  return {
    id,
    name: str(p.name),
    address: null,
    bin: str(p.bin),
    footprint: geometry.footprint,
    heightM: Math.round(height * 10) / 10,
    floors,
    yearBuilt: positive(num(p.cnstrct_yr ?? p.construction_year)),
    source: "nyc",
    neighborhood: null,
    lot: null,
    addressRanges: null,
    searchText: "",
    ...measure(geometry.polygons, floors),
  };
}

/**
 * Turns a GeoJSON FeatureCollection of footprints into catalogue records. Any malformed feature stops the
 * whole import with an ImportError naming the feature and the problem.
 */
export function parseFootprints(json: unknown): { format: FootprintFormat; records: BuildingRecord[] } {
  const collection = json as { type?: unknown; features?: unknown } | null;
  if (collection?.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
    throw new ImportError("The file is not a GeoJSON FeatureCollection.");
  }
  const features = collection.features as { id?: unknown; properties?: Props | null; geometry?: unknown }[];
  if (features.length === 0) throw new ImportError("The FeatureCollection has no features.");
  const format = detectFormat(features);
  const seen = new Set<string>();
  const records = features.map((feature, index) => {
    const p = feature?.properties ?? {};
    const id =
      format === "osm"
        ? (str(p.osm_id) ?? str(feature?.id))
        : (() => {
            const bin = str(p.bin);
            if (bin && !PLACEHOLDER_BIN.test(bin)) return `bin/${bin}`;
            const doitt = str(p.doitt_id);
            return doitt ? `nyc/${doitt}` : null;
          })();
    const label = `feature ${index}${id ? ` (${id})` : ""}`;
    if (!id) throw new ImportError(`${label}: it has no ${format === "osm" ? "osm_id" : "bin or doitt_id"}.`);
    if (seen.has(id)) throw new ImportError(`${label}: the id ${id} appears twice.`);
    seen.add(id);
    let geometry: ReturnType<typeof readFootprint>;
    try {
      geometry = readFootprint(feature.geometry);
    } catch (error) {
      throw new ImportError(`${label}: ${(error as Error).message}.`);
    }
    return format === "osm" ? fromOsm(p, geometry, id) : fromNyc(p, geometry, id);
  });
  return { format, records };
}
