import { existsSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import {
  COLLECTIONS_FORMAT,
  COLLECTIONS_VERSION,
  type CollectionRecord,
  type CollectionsFile,
} from "./build-collections";

/**
 * The collections the server plays, read once at start from data/collections.json, with the in-memory index from a
 * building to the collections it belongs to: an ownership change of a building in no collection costs nothing.
 */
export class CollectionCatalogue {
  readonly list: readonly CollectionRecord[];
  private readonly byId: Map<string, CollectionRecord>;
  private readonly byBuilding = new Map<string, CollectionRecord[]>();

  constructor(collections: readonly CollectionRecord[]) {
    this.list = collections;
    this.byId = new Map(collections.map((c) => [c.id, c]));
    for (const c of collections) {
      for (const member of c.members) {
        const list = this.byBuilding.get(member) ?? [];
        list.push(c);
        this.byBuilding.set(member, list);
      }
    }
  }

  get(id: string): CollectionRecord | undefined {
    return this.byId.get(id);
  }

  /** How many of each collection's members are among `owned`, by collection id (collections with none left out). */
  countsOf(owned: Iterable<string>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const id of owned)
      for (const c of this.byBuilding.get(id) ?? []) counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
    return counts;
  }

  /** The collections any of these buildings belongs to, each once. */
  of(buildingIds: Iterable<string>): CollectionRecord[] {
    const found = new Set<CollectionRecord>();
    for (const id of buildingIds) for (const c of this.byBuilding.get(id) ?? []) found.add(c);
    return [...found];
  }
}

/** The catalogue of a collections file; an empty one (and a warning) when the file is missing. */
export function loadCollections(file: string, warn?: (message: string) => void): CollectionCatalogue {
  if (!existsSync(file)) {
    warn?.(`The collections file ${file} is missing: there are no collections. Run npm run data:build.`);
    return new CollectionCatalogue([]);
  }
  const doc = JSON.parse(readFileSync(file, "utf8")) as CollectionsFile;
  if (doc.format !== COLLECTIONS_FORMAT || doc.version !== COLLECTIONS_VERSION) {
    throw new Error(
      `${file} is not a collections file of version ${COLLECTIONS_VERSION}: run npm run data:build.`,
    );
  }
  return new CollectionCatalogue(doc.collections);
}

/** Building ids as one SQL parameter (a text array), for `= any(…)`. */
export const idArray = (ids: readonly string[]) =>
  sql`array(select json_array_elements_text(${JSON.stringify(ids)}::json))`;
