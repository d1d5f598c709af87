import type { CollectionKind } from "@mx/shared/schemas/collections";
import type { BuildingRecord } from "../buildings/parse-footprints";

/*
 * The collections: sets of buildings a player completes by owning all of them. Built from the island's own fields
 * (height, year built, name, neighbourhood, tax lot) by `npm run data:build` into data/collections.json; the same
 * island always gives the same bytes, so a test can check the committed file against the island file.
 */

export const COLLECTIONS_FORMAT = "manhattan-exchange-collections";
export const COLLECTIONS_VERSION = 1;
/** No collection has more members than this: a set is something a player can finish. */
export const MAX_MEMBERS = 25;

export type CollectionRecord = {
  /** Stable slug: "skyline-midtown-times-square". */
  id: string;
  kind: CollectionKind;
  name: string;
  description: string;
  /** Null for the island-wide sets. */
  neighborhood: string | null;
  /** 1 (a few cheap buildings) to 5 (many, or dear). */
  difficulty: number;
  /** Building ids, in the order the set lists them. */
  members: string[];
};

export type CollectionsFile = { format: string; version: number; collections: CollectionRecord[] };

type Building = Pick<
  BuildingRecord,
  "id" | "name" | "address" | "heightM" | "yearBuilt" | "basePriceCents" | "neighborhood" | "lot"
>;

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const byId = (a: Building, b: Building) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const tallestFirst = (a: Building, b: Building) => b.heightM - a.heightM || byId(a, b);
const metres = (m: number) => `${Math.round(m)} m`;

/** 1–5 from how many buildings a set asks for and what they cost together (base prices). */
function difficultyOf(memberCount: number, totalCents: number): number {
  const countScore = memberCount <= 3 ? 0 : memberCount <= 6 ? 1 : memberCount <= 12 ? 2 : 3;
  const dollars = totalCents / 100;
  const priceScore = dollars < 3_000 ? 0 : dollars < 15_000 ? 1 : dollars < 50_000 ? 2 : 3;
  return Math.min(5, Math.max(1, countScore + priceScore));
}

const ERAS = [
  { key: "before-1900", label: "Before 1900", test: (y: number) => y < 1900 },
  { key: "1925-1940", label: "1925 to 1940", test: (y: number) => y >= 1925 && y <= 1940 },
  { key: "after-2000", label: "After 2000", test: (y: number) => y > 2000 },
] as const;

/** Per neighbourhood: the tallest 5, and the tallest of each era; named landmarks; a few blocks. */
const SKYLINE_SIZE = 5;
const ERA_SIZE = 8;
const ERA_MIN = 3;
const LANDMARK_SIZE = 10;
const LANDMARK_MIN = 3;
const BLOCK_MIN = 3;
const BLOCK_MAX = 12;

/** Adds a collection of these members (the first MAX_MEMBERS), its difficulty worked out from their prices. */
type AddCollection = (c: Omit<CollectionRecord, "difficulty" | "members">, members: Building[]) => void;

/** Every collection of the island, in a fixed order (island-wide sets, then neighbourhood by neighbourhood). */
export function collectionsFromRecords(records: readonly Building[]): CollectionRecord[] {
  const out: CollectionRecord[] = [];
  const price = new Map(records.map((r) => [r.id, r.basePriceCents]));
  const add: AddCollection = (c, members) => {
    const ids = members.slice(0, MAX_MEMBERS).map((m) => m.id);
    const total = ids.reduce((sum, id) => sum + (price.get(id) ?? 0), 0);
    out.push({ ...c, difficulty: difficultyOf(ids.length, total), members: ids });
  };

  addGiants(records, add);
  const hoods = byNeighborhood(records);
  for (const hood of [...hoods.keys()].sort()) {
    const list = (hoods.get(hood) ?? []).sort(tallestFirst);
    const h = slug(hood);
    addSkyline(hood, h, list, add);
    addEras(hood, h, list, add);
    addLandmarks(hood, h, list, add);
    addBlocks(hood, list, records, add);
  }
  return out;
}

/** The island's giants: every building over 300 m, then over 200 m (the tallest MAX_MEMBERS of them). */
function addGiants(records: readonly Building[], add: AddCollection) {
  const all = [...records].sort(tallestFirst);
  for (const over of [300, 200]) {
    const giants = all.filter((r) => r.heightM > over);
    if (giants.length < 2) continue;
    const capped = giants.length > MAX_MEMBERS;
    add(
      {
        id: `giants-over-${over}m`,
        kind: "giants",
        name: `The island's giants: over ${over} m`,
        description: capped
          ? `The ${MAX_MEMBERS} tallest of the ${giants.length} buildings on the island over ${over} m.`
          : `Every building on the island over ${over} m: ${giants.length} of them.`,
        neighborhood: null,
      },
      giants,
    );
  }
}

/** The buildings of each neighbourhood, in the records' order; those without one are left out. */
function byNeighborhood(records: readonly Building[]): Map<string, Building[]> {
  const hoods = new Map<string, Building[]>();
  for (const r of records) {
    if (!r.neighborhood) continue;
    const list = hoods.get(r.neighborhood) ?? [];
    list.push(r);
    hoods.set(r.neighborhood, list);
  }
  return hoods;
}

/** A neighbourhood's skyline: its SKYLINE_SIZE tallest buildings (`list` is tallest first). */
function addSkyline(hood: string, h: string, list: Building[], add: AddCollection) {
  if (list.length < SKYLINE_SIZE) return;
  const top = list.slice(0, SKYLINE_SIZE);
  add(
    {
      id: `skyline-${h}`,
      kind: "skyline",
      name: `The skyline of ${hood}`,
      description: `The ${SKYLINE_SIZE} tallest buildings of ${hood}, from ${metres(top[0]?.heightM ?? 0)} down to ${metres(top.at(-1)?.heightM ?? 0)}.`,
      neighborhood: hood,
    },
    top,
  );
}

/** A neighbourhood's eras: the tallest ERA_SIZE built in each, where it has at least ERA_MIN. */
function addEras(hood: string, h: string, list: Building[], add: AddCollection) {
  for (const era of ERAS) {
    const built = list.filter((r) => r.yearBuilt !== null && era.test(r.yearBuilt));
    if (built.length < ERA_MIN) continue;
    add(
      {
        id: `era-${era.key}-${h}`,
        kind: "era",
        name: `${hood}, ${era.label.toLowerCase()}`,
        description:
          built.length > ERA_SIZE
            ? `The ${ERA_SIZE} tallest of the ${built.length} buildings of ${hood} built ${era.label.toLowerCase()}.`
            : `Every building of ${hood} built ${era.label.toLowerCase()}.`,
        neighborhood: hood,
      },
      built.slice(0, ERA_SIZE),
    );
  }
}

/** Landmarks: the named buildings, oldest first (those without a year after, tallest first). */
function addLandmarks(hood: string, h: string, list: Building[], add: AddCollection) {
  const named = list
    .filter((r) => r.name)
    .sort(
      (a, b) =>
        (a.yearBuilt ?? Number.MAX_SAFE_INTEGER) - (b.yearBuilt ?? Number.MAX_SAFE_INTEGER) ||
        tallestFirst(a, b),
    );
  if (named.length < LANDMARK_MIN) return;
  add(
    {
      id: `landmarks-${h}`,
      kind: "landmarks",
      name: `Landmarks of ${hood}`,
      description:
        named.length > LANDMARK_SIZE
          ? `The ${LANDMARK_SIZE} oldest of the ${named.length} named buildings of ${hood}.`
          : `Every named building of ${hood}.`,
      neighborhood: hood,
    },
    named.slice(0, LANDMARK_SIZE),
  );
}

/**
 * Blocks: the tax blocks (borough + block of the BBL) whose 3–12 buildings all stand in this neighbourhood; of
 * those, the dearest and the cheapest.
 */
function addBlocks(hood: string, list: Building[], records: readonly Building[], add: AddCollection) {
  for (const block of chosenBlocks(list, records)) {
    const number = Number(block.key.slice(1));
    const first = block.members.find((m) => m.name) ?? block.members.find((m) => m.address);
    add(
      {
        id: `block-${block.key}`,
        kind: "block",
        name: `Block ${number}, ${hood}`,
        description: `Every building on tax block ${number}${first ? `, the block of ${first.name ?? first.address}` : ""}: ${block.members.length} buildings.`,
        neighborhood: hood,
      },
      block.members,
    );
  }
}

type Block = { key: string; members: Building[]; total: number };
let blockIndex: { records: readonly Building[]; blocks: Map<string, Building[]> } | null = null;

function blocksOf(records: readonly Building[]): Map<string, Building[]> {
  if (blockIndex?.records === records) return blockIndex.blocks;
  const blocks = new Map<string, Building[]>();
  for (const r of records) {
    if (!r.lot || r.lot.length < 6) continue;
    const key = r.lot.slice(0, 6);
    const list = blocks.get(key) ?? [];
    list.push(r);
    blocks.set(key, list);
  }
  blockIndex = { records, blocks };
  return blocks;
}

function chosenBlocks(hood: Building[], records: readonly Building[]): Block[] {
  const blocks = blocksOf(records);
  const keys = new Set(hood.flatMap((r) => (r.lot && r.lot.length >= 6 ? [r.lot.slice(0, 6)] : [])));
  const hoodName = hood[0]?.neighborhood;
  const fit: Block[] = [];
  for (const key of [...keys].sort()) {
    const members = blocks.get(key) ?? [];
    if (members.length < BLOCK_MIN || members.length > BLOCK_MAX) continue;
    if (!members.every((m) => m.neighborhood === hoodName)) continue;
    const sorted = [...members].sort(tallestFirst);
    fit.push({ key, members: sorted, total: sorted.reduce((s, m) => s + m.basePriceCents, 0) });
  }
  if (fit.length === 0) return [];
  const dearest = [...fit].sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1))[0];
  const cheapest = [...fit].sort(
    (a, b) => a.total - b.total || a.members.length - b.members.length || (a.key < b.key ? -1 : 1),
  )[0];
  return [dearest, cheapest].filter((b, i, list): b is Block => !!b && list.indexOf(b) === i);
}

/** The file's text: one collection a line, so a diff reads. */
export function encodeCollections(collections: CollectionRecord[]): string {
  const lines = collections.map((c) => `    ${JSON.stringify(c)}`);
  return `{\n  "format": "${COLLECTIONS_FORMAT}",\n  "version": ${COLLECTIONS_VERSION},\n  "collections": [\n${lines.join(",\n")}\n  ]\n}\n`;
}
