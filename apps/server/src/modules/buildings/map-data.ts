import { existsSync, statSync } from "node:fs";
import path from "node:path";
import {
  ISLAND_FILES,
  type IslandContext,
  islandContext,
  readNeighborhoodAreas,
  readShoreline,
  readStreets,
  type StreetRecord,
} from "./island";
import { type IslandData, readIslandFile } from "./island-file";

/**
 * Where the island comes from: the committed island file, unless MAP_DATA_DIR names a folder of the public files
 * (an operator's fresh downloads). A part missing from that folder is read from the island file.
 */
export type MapData = { mapDataDir: string | null; islandFile: string };

/** Held weakly: the decoded island weighs tens of megabytes, needed only while an import or the tiles are built. */
let kept: { file: string; stamp: string; data: WeakRef<IslandData> } | null = null;

const stampOf = (file: string) => {
  const s = statSync(file);
  return `${s.size}:${s.mtimeMs}`;
};

/** The island file, decoded once per version of it on disk. */
export function loadIslandFile(file: string): IslandData {
  const stamp = stampOf(file);
  const known = kept?.file === file && kept.stamp === stamp ? kept.data.deref() : undefined;
  if (known) return known;
  const data = readIslandFile(file);
  kept = { file, stamp, data: new WeakRef(data) };
  return data;
}

const rawFile = (source: MapData, name: string): string | null => {
  if (!source.mapDataDir) return null;
  const file = path.join(source.mapDataDir, name);
  return existsSync(file) ? file : null;
};

/** Whether MAP_DATA_DIR holds any footprints the whole-island import reads. */
export function hasRawIsland(source: MapData): boolean {
  return [...ISLAND_FILES.osm, ISLAND_FILES.model].some((name) => rawFile(source, name) !== null);
}

const islandFileOf = (source: MapData): IslandData | null =>
  existsSync(source.islandFile) ? loadIslandFile(source.islandFile) : null;

/** Streets and neighbourhoods to name and place buildings imported from a single footprint file. */
export function contextOf(source: MapData): IslandContext {
  const streets = rawFile(source, ISLAND_FILES.streets)
    ? readStreets(source.mapDataDir as string)
    : (islandFileOf(source)?.streets ?? null);
  const areas = rawFile(source, ISLAND_FILES.neighborhoods)
    ? readNeighborhoodAreas(source.mapDataDir as string)
    : (islandFileOf(source)?.neighborhoods ?? []);
  return islandContext(streets, areas);
}

export type LandAndStreets = {
  /** Changes whenever what they were read from changes. */
  key: string;
  land: GeoJSON.Feature[] | null;
  streets: GeoJSON.Feature[] | null;
  /** Neighbourhood areas that are parks and open space, drawn green under the streets. */
  parks: GeoJSON.Feature[];
};

/** The NTA type of parks and open space. */
const PARK_KIND = 9;

/** What the map draws besides the buildings: the shoreline and the streets, and a key of where they came from. */
export function landAndStreets(source: MapData): LandAndStreets {
  const shoreFile = rawFile(source, ISLAND_FILES.shoreline);
  const streetFile = rawFile(source, ISLAND_FILES.streets);
  const island = !shoreFile || !streetFile ? islandFileOf(source) : null;
  const shoreline = shoreFile ? readShoreline(source.mapDataDir as string) : (island?.shoreline ?? null);
  const streets: StreetRecord[] | null = streetFile
    ? readStreets(source.mapDataDir as string)
    : (island?.streets ?? null);
  const areaFile = rawFile(source, ISLAND_FILES.neighborhoods);
  const areas = areaFile
    ? readNeighborhoodAreas(source.mapDataDir as string)
    : ((island ?? islandFileOf(source))?.neighborhoods ?? []);
  const fromIsland = !shoreFile || !streetFile || !areaFile;
  const key = [
    shoreFile,
    streetFile,
    areaFile,
    fromIsland && existsSync(source.islandFile) ? source.islandFile : null,
  ]
    .map((file) => (file ? `${file}:${stampOf(file)}` : "-"))
    .join("|");
  return {
    key,
    land:
      shoreline?.map((coordinates) => ({
        type: "Feature",
        properties: {},
        geometry: { type: "MultiPolygon", coordinates },
      })) ?? null,
    streets:
      streets?.map((s) => ({
        type: "Feature",
        properties: { name: s.name, highway: s.highway },
        geometry: s.geometry,
      })) ?? null,
    parks: areas
      .filter((area) => area.kind === PARK_KIND)
      .map((area) => ({
        type: "Feature",
        properties: { name: area.name },
        geometry: { type: "MultiPolygon", coordinates: area.polygons },
      })),
  };
}

/** Only the key of `landAndStreets`, cheap enough to ask on every manifest request. */
export function landAndStreetsKey(source: MapData): string {
  const shoreFile = rawFile(source, ISLAND_FILES.shoreline);
  const streetFile = rawFile(source, ISLAND_FILES.streets);
  const areaFile = rawFile(source, ISLAND_FILES.neighborhoods);
  const island =
    (!shoreFile || !streetFile || !areaFile) && existsSync(source.islandFile) ? source.islandFile : null;
  return [shoreFile, streetFile, areaFile, island]
    .map((file) => (file ? `${file}:${stampOf(file)}` : "-"))
    .join("|");
}
