import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Footprint } from "../../db/schema/buildings";
import {
  ISLAND_FILES,
  type Island,
  type NeighborhoodArea,
  readIsland,
  readShoreline,
  readStreets,
  type StreetRecord,
  searchTextOf,
} from "./island";
import {
  decodeLines,
  decodePolygons,
  encodeLines,
  encodePolygons,
  type LineColumn,
  type PolygonColumn,
} from "./island-geometry";
import { type BuildingRecord, ImportError } from "./parse-footprints";

/**
 * The island file: the whole catalogue, its neighbourhoods, the streets the map draws and the shoreline, in one
 * gzipped JSON document of our own design. Columns rather than objects, and coordinates as integer steps from the
 * previous position, so it packs small; every value decodes to exactly the number the import from the public
 * files computes, so both imports give the same rows.
 */
const ISLAND_FORMAT = "manhattan-exchange-island";
const ISLAND_VERSION = 2;

type Polygons = number[][][][];
type SourceFile = { file: string; sha256: string; features: number };

export type IslandData = {
  sources: SourceFile[];
  counts: Island["counts"];
  records: BuildingRecord[];
  neighborhoods: NeighborhoodArea[];
  streets: StreetRecord[];
  /** The shoreline: the polygons of the borough boundary. */
  shoreline: Polygons[];
};

type Document = {
  format: string;
  version: number;
  licence: string;
  sources: SourceFile[];
  counts: Island["counts"];
  neighborhoods: {
    code: string[];
    name: string[];
    kind: number[];
    lat: number[];
    lng: number[];
    area: PolygonColumn;
  };
  buildings: {
    id: string[];
    name: (string | null)[];
    address: (string | null)[];
    bin: (string | null)[];
    /** The tax lot's BBL (borough, block, lot: "1011250025"), or null. */
    lot: (string | null)[];
    /** The house numbers the lot covers, folded ("[west 72 street 1-13]"), or null. */
    ranges: (string | null)[];
    sources: BuildingRecord["source"][];
    source: number[];
    /** Index into the neighbourhoods, or null. */
    neighborhood: (number | null)[];
    lat: number[];
    lng: number[];
    heightM: number[];
    floors: number[];
    yearBuilt: (number | null)[];
    floorAreaSqft: number[];
    basePriceCents: number[];
    footprint: PolygonColumn;
  };
  streets: { names: string[]; name: number[]; highways: string[]; highway: number[]; geometry: LineColumn };
  shoreline: PolygonColumn & { features: number };
};

const LICENCE =
  "OpenStreetMap-derived parts: Open Database License (ODbL) 1.0, and this file is offered under the ODbL 1.0; NYC Open Data parts: NYC Open Data Terms of Use. See data/README.md.";

/** Distinct values in order of first appearance, and each value's index among them. */
function dictionary<T>(values: T[]): { values: T[]; index: number[] } {
  const seen = new Map<T, number>();
  const index = values.map((v) => {
    let i = seen.get(v);
    if (i === undefined) {
      i = seen.size;
      seen.set(v, i);
    }
    return i;
  });
  return { values: [...seen.keys()], index };
}

const asFootprint = (polygons: Polygons): Footprint => ({ type: "MultiPolygon", coordinates: polygons });
const polygonsOf = (f: Footprint): Polygons => (f.type === "Polygon" ? [f.coordinates] : f.coordinates);

/** The island as the document written to the file (before compression). */
export function encodeIsland(data: IslandData): string {
  const { records, neighborhoods, streets } = data;
  const areaIndex = new Map(neighborhoods.map((n, i) => [n.name, i]));
  const sources = dictionary(records.map((r) => r.source));
  const names = dictionary(streets.map((s) => s.name));
  const highways = dictionary(streets.map((s) => s.highway));
  const document: Document = {
    format: ISLAND_FORMAT,
    version: ISLAND_VERSION,
    licence: LICENCE,
    sources: data.sources,
    counts: data.counts,
    neighborhoods: {
      code: neighborhoods.map((n) => n.code),
      name: neighborhoods.map((n) => n.name),
      kind: neighborhoods.map((n) => n.kind),
      lat: neighborhoods.map((n) => n.lat),
      lng: neighborhoods.map((n) => n.lng),
      area: encodePolygons(neighborhoods.map((n) => asFootprint(n.polygons))),
    },
    buildings: {
      id: records.map((r) => r.id),
      name: records.map((r) => r.name),
      address: records.map((r) => r.address),
      bin: records.map((r) => r.bin),
      lot: records.map((r) => r.lot),
      ranges: records.map((r) => r.addressRanges),
      sources: sources.values,
      source: sources.index,
      neighborhood: records.map((r) => {
        if (r.neighborhood === null) return null;
        const i = areaIndex.get(r.neighborhood);
        if (i === undefined)
          throw new ImportError(`${r.id}: its neighbourhood ${r.neighborhood} is unknown.`);
        return i;
      }),
      lat: records.map((r) => r.lat),
      lng: records.map((r) => r.lng),
      heightM: records.map((r) => r.heightM),
      floors: records.map((r) => r.floors),
      yearBuilt: records.map((r) => r.yearBuilt),
      floorAreaSqft: records.map((r) => r.floorAreaSqft),
      basePriceCents: records.map((r) => r.basePriceCents),
      footprint: encodePolygons(records.map((r) => r.footprint)),
    },
    streets: {
      names: names.values,
      name: names.index,
      highways: highways.values,
      highway: highways.index,
      geometry: encodeLines(streets.map((s) => s.geometry)),
    },
    shoreline: { features: data.shoreline.length, ...encodePolygons(data.shoreline.map(asFootprint)) },
  };
  return JSON.stringify(document);
}

/** Compressed as a file: gzip at its best level, with no time and an "unknown" system in the header. */
export function compressIsland(json: string): Buffer {
  const gz = gzipSync(Buffer.from(json, "utf8"), { level: 9 });
  gz[9] = 255;
  return gz;
}

function pick<T>(column: T[], i: number, what: string): T {
  const v = column[i];
  if (v === undefined) throw new ImportError(`The island file's ${what} column is short.`);
  return v;
}

export function decodeIsland(json: string): IslandData {
  let doc: Document;
  try {
    doc = JSON.parse(json) as Document;
  } catch (error) {
    throw new ImportError(`The island file is not readable: ${(error as Error).message}`);
  }
  if (doc?.format !== ISLAND_FORMAT) throw new ImportError("This is not an island file.");
  if (doc.version !== ISLAND_VERSION) {
    throw new ImportError(
      `The island file is version ${doc.version}; this server reads version ${ISLAND_VERSION}. Run \`npm run data:build\`.`,
    );
  }
  const n = doc.neighborhoods;
  const areas = decodePolygons(n.area, n.code.length);
  const neighborhoods = n.code.map(
    (code, i): NeighborhoodArea => ({
      code,
      name: pick(n.name, i, "neighbourhood name"),
      kind: pick(n.kind, i, "neighbourhood kind"),
      lat: pick(n.lat, i, "neighbourhood lat"),
      lng: pick(n.lng, i, "neighbourhood lng"),
      polygons: polygonsOf(pick(areas, i, "neighbourhood area")),
    }),
  );
  const b = doc.buildings;
  const footprints = decodePolygons(b.footprint, b.id.length);
  const records = b.id.map((id, i): BuildingRecord => {
    const area = pick(b.neighborhood, i, "neighbourhood");
    const record: BuildingRecord = {
      id,
      name: pick(b.name, i, "name"),
      address: pick(b.address, i, "address"),
      bin: pick(b.bin, i, "bin"),
      lot: pick(b.lot, i, "lot"),
      addressRanges: pick(b.ranges, i, "address ranges"),
      lat: pick(b.lat, i, "lat"),
      lng: pick(b.lng, i, "lng"),
      footprint: pick(footprints, i, "footprint"),
      heightM: pick(b.heightM, i, "height"),
      floors: pick(b.floors, i, "floors"),
      yearBuilt: pick(b.yearBuilt, i, "year"),
      floorAreaSqft: pick(b.floorAreaSqft, i, "floor area"),
      basePriceCents: pick(b.basePriceCents, i, "base price"),
      source: pick(b.sources, pick(b.source, i, "source"), "source"),
      neighborhood: area === null ? null : pick(neighborhoods, area, "neighbourhood").name,
      searchText: "",
    };
    return { ...record, searchText: searchTextOf(record) };
  });
  const s = doc.streets;
  const lines = decodeLines(s.geometry, s.name.length);
  const streets = s.name.map(
    (name, i): StreetRecord => ({
      name: pick(s.names, name, "street name"),
      highway: pick(s.highways, pick(s.highway, i, "street class"), "street class"),
      geometry: pick(lines, i, "street"),
    }),
  );
  const shoreline = decodePolygons(doc.shoreline, doc.shoreline.features).map(polygonsOf);
  return { sources: doc.sources, counts: doc.counts, records, neighborhoods, streets, shoreline };
}

export function readIslandFile(file: string): IslandData {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new ImportError(`${file}: ${(error as Error).message}`);
  }
  try {
    return decodeIsland(gunzipSync(bytes).toString("utf8"));
  } catch (error) {
    if (error instanceof ImportError) throw new ImportError(`${file}: ${error.message}`);
    throw new ImportError(`${file}: ${(error as Error).message}`);
  }
}

/** The public files the island file is built from, in the order its `sources` lists them. */
const SOURCE_FILES = [
  ...ISLAND_FILES.osm,
  ISLAND_FILES.model,
  ISLAND_FILES.lots,
  ISLAND_FILES.addresses,
  ISLAND_FILES.streets,
  ISLAND_FILES.neighborhoods,
  ISLAND_FILES.shoreline,
];

/** Everything the island file holds, read from a folder of the public files (all eight must be there). */
export function islandFromSources(dir: string): IslandData {
  const missing = SOURCE_FILES.filter((name) => !existsSync(path.join(dir, name)));
  if (missing.length > 0) throw new ImportError(`${dir} lacks ${missing.join(", ")}.`);
  const sources = SOURCE_FILES.map((name): SourceFile => {
    const bytes = readFileSync(path.join(dir, name));
    const text = bytes.toString("utf8");
    const features = name.endsWith(".csv")
      ? text.split(/\r?\n/).filter((line) => line.trim() !== "").length - 1
      : ((JSON.parse(text) as { features?: unknown[] }).features?.length ?? 0);
    return { file: name, sha256: createHash("sha256").update(bytes).digest("hex"), features };
  });
  const island = readIsland(dir);
  return {
    sources,
    counts: island.counts,
    records: island.records,
    neighborhoods: island.neighborhoods,
    streets: readStreets(dir) ?? [],
    shoreline: readShoreline(dir) ?? [],
  };
}
