import { readFileSync } from "node:fs";
import path from "node:path";
import { COLLECTION_KINDS } from "@mx/shared/schemas/collections";
import { describe, expect, it } from "vitest";
import { COLLECTIONS_FILE_NAME, ISLAND_FILE_NAME } from "../../config";
import { readIslandFile } from "../buildings/island-file";
import { collectionsFromRecords, encodeCollections, MAX_MEMBERS } from "./build-collections";
import { loadCollections } from "./catalogue";

const data = path.resolve(import.meta.dirname, "../../../../../data");

describe("the collections file", () => {
  const island = readIslandFile(path.join(data, ISLAND_FILE_NAME));
  const built = collectionsFromRecords(island.records);

  it("is what the committed island gives, byte for byte, every time", () => {
    const text = encodeCollections(built);
    expect(encodeCollections(collectionsFromRecords(island.records))).toBe(text);
    expect(readFileSync(path.join(data, COLLECTIONS_FILE_NAME), "utf8")).toBe(text);
  });

  it("holds at least 60 sets of every kind, each of 2 to 25 known buildings, with unique ids", () => {
    expect(built.length).toBeGreaterThanOrEqual(60);
    for (const kind of COLLECTION_KINDS)
      expect(built.filter((c) => c.kind === kind).length).toBeGreaterThan(0);
    expect(built.filter((c) => c.kind === "skyline").length).toBeGreaterThanOrEqual(30);
    expect(built.filter((c) => c.kind === "block").length).toBeGreaterThanOrEqual(30);
    const ids = new Set(island.records.map((r) => r.id));
    expect(new Set(built.map((c) => c.id)).size).toBe(built.length);
    for (const c of built) {
      expect(c.id).toMatch(/^[a-z0-9-]+$/);
      expect(c.members.length).toBeGreaterThanOrEqual(2);
      expect(c.members.length).toBeLessThanOrEqual(MAX_MEMBERS);
      expect(new Set(c.members).size).toBe(c.members.length);
      for (const m of c.members) expect(ids.has(m)).toBe(true);
      expect(c.difficulty).toBeGreaterThanOrEqual(1);
      expect(c.difficulty).toBeLessThanOrEqual(5);
      if (c.kind === "block") expect(c.members.length).toBeLessThanOrEqual(12);
      if (c.kind === "skyline") expect(c.members).toHaveLength(5);
    }
    const over300 = built.find((c) => c.id === "giants-over-300m");
    const tall = island.records.filter((r) => r.heightM > 300).map((r) => r.id);
    expect(new Set(over300?.members)).toEqual(new Set(tall));
  });

  it("loads into a catalogue that finds a building's collections", () => {
    const catalogue = loadCollections(path.join(data, COLLECTIONS_FILE_NAME));
    const first = built[0];
    expect(catalogue.list).toHaveLength(built.length);
    expect(catalogue.of([first?.members[0] ?? ""])).toContainEqual(first);
    expect(catalogue.of(["way/0"])).toEqual([]);
  });
});
