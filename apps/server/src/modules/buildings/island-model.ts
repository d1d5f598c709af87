import type { Footprint } from "../../db/schema/buildings";
import { centroid } from "./geo";
import { PolygonIndex, type Polygons, type Props, polygonsOf, type RawFeature } from "./island-features";
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

/*
 * The island's footprints from OpenStreetMap and the city's 3-D model, merged: the steps of readIsland (island.ts)
 * that choose each building's outline, height and tax-lot values.
 */

/** A 3-D model building kept in the catalogue: its properties, its id and its (repaired) footprint. */
type ModelBuilding = { props: Props; id: string; footprint: Footprint };

/** The OpenStreetMap features' polygons, in their order. */
export function osmPolygonsOf(osmFeatures: RawFeature[]): Polygons[] {
  return osmFeatures.map((f, i) => {
    try {
      return readFootprint(f.geometry).polygons;
    } catch (error) {
      throw new ImportError(`OpenStreetMap feature ${i}: ${(error as Error).message}.`);
    }
  });
}

/**
 * The 3-D model's buildings that add to OpenStreetMap's (neither sharing an OSM building's BIN nor centred inside
 * one), their polygons repaired, and the model's tallest roof over each OpenStreetMap outline, matched by BIN or by
 * its centre. `seen` holds the ids taken so far, and takes the model's.
 */
export function mergeModel(
  osmFeatures: RawFeature[],
  osmPolygons: Polygons[],
  modelFeatures: RawFeature[],
  seen: Set<string>,
) {
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
  const modelHeights: (number | null)[] = osmFeatures.map(() => null);
  const noteHeight = (i: number, height: number | null) => {
    if (height !== null && height > (modelHeights[i] ?? 0)) modelHeights[i] = height;
  };

  const model: ModelBuilding[] = [];
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
  return { model, modelHeights, repaired, skipped };
}

/**
 * The OpenStreetMap buildings as catalogue records: features without their lot's values get them from the lot
 * point inside them, then parse as usual; an outline far below the 3-D model's roof takes the model's height.
 */
export function osmRecordsOf(
  osmFeatures: RawFeature[],
  lots: (Lot | null)[],
  modelHeights: (number | null)[],
): { osmRecords: BuildingRecord[]; heightsFromModel: number } {
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
  return { osmRecords, heightsFromModel };
}

/** What a building takes from the tax lot inside it. */
type Lot = { floors: number | null; year: number | null; areaSqft: number | null };

/** Tax-lot points: each footprint takes the lot inside it (the largest, when several are). */
export function lotsByFootprint(lotFeatures: RawFeature[], footprints: Polygons[]): (Lot | null)[] {
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
export function fromModel(p: Props, footprint: Footprint, id: string, lot: Lot | null): BuildingRecord {
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
