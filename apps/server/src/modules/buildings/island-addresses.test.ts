import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test/database";
import { importIslandFile } from "./import-buildings";
import { type IslandData, readIslandFile } from "./island-file";
import { trueHeight } from "./island-model";
import { formatAddress, formatStreet, lotRanges, otherAddressForms } from "./lot-addresses";
import { searchBuildings } from "./search-buildings";
import { normaliseQuery } from "./search-text";

const islandFile = testConfig().islandFile;

describe("addresses as New Yorkers write them", () => {
  it("rewrites PLUTO's spelling", () => {
    expect(formatAddress("253 WEST 125 STREET")).toEqual({ number: "253", street: "W 125th St" });
    expect(formatStreet("5 AVENUE")).toBe("Fifth Ave");
    expect(formatStreet("ADAM C POWELL BLVD")).toBe("Adam Clayton Powell Jr Blvd");
    expect(formatStreet("AVENUE OF THE AMER")).toBe("Avenue of the Americas");
    expect(formatStreet("FREDRICK DOUGLASS BL")).toBe("Frederick Douglass Blvd");
    expect(formatStreet("EAST 111 STREET")).toBe("E 111th St");
    expect(formatStreet("WEST 72 STREET")).toBe("W 72nd St");
    expect(formatStreet("EAST 23 STREET")).toBe("E 23rd St");
    expect(formatStreet("ST NICHOLAS AVENUE")).toBe("St Nicholas Ave");
    expect(formatStreet("FT WASHINGTON AVENUE")).toBe("Fort Washington Ave");
    expect(formatStreet("MAC DOUGAL STREET")).toBe("MacDougal St");
    expect(formatStreet("CENTRAL PARK WEST")).toBe("Central Park West");
    expect(formatStreet("WEST END AVENUE")).toBe("West End Ave");
    expect(formatAddress("BRYANT PARK")).toEqual({ number: null, street: "Bryant Park" });
  });

  it("gives an avenue's other names to search, uptown only where they apply", () => {
    expect(otherAddressForms("2100 Adam Clayton Powell Jr Blvd", 40.81)).toEqual(["2100 7 avenue"]);
    expect(otherAddressForms("200 Seventh Ave", 40.74)).toEqual([]);
    expect(otherAddressForms("1211 6th Avenue", 40.759)).toEqual(["1211 avenue of the americas"]);
    expect(otherAddressForms("381 Lenox Ave", 40.81)).toEqual(["381 malcolm x boulevard", "381 6 avenue"]);
  });

  it("gives each lot the house numbers up to the next lot's, and the corner lot the numbers before the first", () => {
    const lot = (l: number, number: string | null, street: string, lng: number, lat: number) => ({
      bbl: `10112500${String(l).padStart(2, "0")}`,
      block: 1125,
      number,
      street,
      lng,
      lat,
    });
    const ranges = lotRanges([
      lot(25, "121", "Central Park West", -73.97615, 40.77677),
      lot(24, "15", "W 72nd St", -73.97685, 40.77707),
      lot(9, "37", "W 72nd St", -73.97771, 40.77727),
      lot(1, "53", "W 72nd St", -73.97839, 40.77755),
    ]);
    expect(ranges.get("1011250025")).toContain("[west 72 street 1-13]");
    expect(ranges.get("1011250024")).toEqual(["[west 72 street 15-35]"]);
    expect(ranges.get("1011250001")).toContain("[west 72 street 55-99]");
  });
});

describe("true heights", () => {
  it("takes the 3-D model's roof when the outline's height is far below it or too low for its floors", () => {
    expect(trueHeight(20, 38, 157.2)).toBe(157.2);
    expect(trueHeight(30, 20, 33)).toBe(33);
    expect(trueHeight(100, 25, 104)).toBe(100);
    expect(trueHeight(50, 10, null)).toBe(50);
    expect(trueHeight(50, 10, 40)).toBe(50);
  });
});

describe("the committed island file's addresses, heights and names", () => {
  let island: IslandData;
  beforeAll(() => {
    island = readIslandFile(islandFile);
  }, 120_000);

  it("gives at least 95 % of the buildings an address, uptown as well as downtown", () => {
    const share = (rs: IslandData["records"]) => rs.filter((r) => r.address).length / rs.length;
    expect(share(island.records)).toBeGreaterThanOrEqual(0.95);
    expect(share(island.records.filter((r) => r.lat > 40.768))).toBeGreaterThanOrEqual(0.95);
    expect(island.counts.addressed).toBe(island.records.filter((r) => r.address).length);
    // Every building on a known lot keeps its BBL: borough 1, a five-digit block and a four-digit lot.
    const lots = island.records.filter((r) => r.lot);
    expect(lots.length / island.records.length).toBeGreaterThan(0.9);
    for (const r of lots) expect(r.lot).toMatch(/^1\d{9}$/);
  }, 60_000);

  it("never gives one address to buildings of two lots", () => {
    const lotsOf = new Map<string, Set<string>>();
    for (const r of island.records) {
      if (!r.address || !r.lot) continue;
      const key = normaliseQuery(r.address);
      lotsOf.set(key, (lotsOf.get(key) ?? new Set()).add(r.lot));
    }
    // Not the lot file's addresses, nor OpenStreetMap's own (an outline over a lot line gives it up for its lot's).
    const shared = [...lotsOf].filter(([, lots]) => lots.size > 1).map(([address]) => address);
    expect(shared).toEqual([]);
  }, 60_000);

  it("draws the Seagram Building and Citigroup Center as the towers they are", () => {
    const seagram = island.records.find((r) => r.name === "Seagram Building");
    expect(seagram?.heightM).toBeGreaterThan(150);
    expect((seagram?.heightM ?? 0) / (seagram?.floors ?? 1)).toBeGreaterThan(2.5);
    expect(island.records.find((r) => r.name === "Citigroup Center")?.heightM).toBeGreaterThan(200);
    expect(island.counts.heightsFromModel).toBeGreaterThan(100);
  });
});

/** Each spelling people use, and the building it must find first. */
const SPELLINGS: [string, string][] = [
  // Uptown: the lot file's addresses.
  ["253 W 125th St", "doitt/238591"],
  ["253 West 125th Street", "doitt/238591"],
  ["253 w 125 st", "doitt/238591"],
  ["253 W. 125th St.", "doitt/238591"],
  ["257 West 125th Street", "doitt/238591"],
  ["1 W 72nd St", "doitt/512440"],
  ["1 West 72nd Street", "doitt/512440"],
  ["1 w 72 st", "doitt/512440"],
  ["121 Central Park West", "doitt/512440"],
  ["121 Central Park W", "doitt/512440"],
  ["1 Central Park West", "doitt/92836"],
  ["2100 Adam Clayton Powell Jr Blvd", "doitt/770080"],
  ["2100 Adam Clayton Powell Jr. Boulevard", "doitt/770080"],
  ["2100 Seventh Avenue", "doitt/770080"],
  ["2100 7th Ave", "doitt/770080"],
  ["2330 Eighth Ave", "doitt/427424"],
  ["2330 8th Avenue", "doitt/427424"],
  ["2330 Frederick Douglass Blvd", "doitt/427424"],
  ["2338 Frederick Douglass Boulevard", "doitt/596301"],
  ["2338 8th Ave", "doitt/596301"],
  ["381 Lenox Ave", "doitt/996804"],
  ["381 Lenox Avenue", "doitt/996804"],
  ["381 Malcolm X Blvd", "doitt/996804"],
  ["455 E 86th St", "doitt/226217"],
  ["455 East 86th Street", "doitt/226217"],
  // Midtown and downtown: OpenStreetMap's addresses and the lot file's.
  ["350 5th Ave", "way/34633854"],
  ["350 Fifth Avenue", "way/34633854"],
  ["350 fifth ave", "way/34633854"],
  ["375 Park Ave", "way/145341258"],
  ["884 Third Ave", "way/164105516"],
  ["884 3rd Avenue", "way/164105516"],
  ["1211 Avenue of the Americas", "way/163465869"],
  ["1211 Sixth Ave", "way/163465869"],
  ["1221 6th Avenue", "doitt/1710"],
  ["1221 Ave of the Americas", "doitt/1710"],
  ["175 Fifth Avenue", "way/264768896"],
  ["1 Fifth Ave", "doitt/182350"],
  ["233 Broadway", "doitt/401853"],
  ["1 Centre St", "relation/13625437"],
  ["30 Rockefeller Plaza", "doitt/923506"],
];

describe("search by address across the island", () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await importIslandFile(database.db, islandFile);
  }, 240_000);
  afterAll(async () => drop?.());

  it.each(SPELLINGS)("%s finds %s first", async (text, id) => {
    const [first] = await searchBuildings(database.db, text, 10);
    expect(first?.buildingId).toBe(id);
  });

  it.each([
    ["Woolworth", "doitt/401853"],
    ["Woolworth Building", "doitt/401853"],
    ["The Dakota", "doitt/512440"],
    ["Apollo Theater", "doitt/238591"],
    ["Empire State Building", "way/34633854"],
    ["Chrysler", "way/42500770"],
  ])("the name %s finds %s first", async (text, id) => {
    const [first] = await searchBuildings(database.db, text, 10);
    expect(first?.buildingId).toBe(id);
  });

  it("covers uptown and downtown with at least 30 spellings", () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(30);
  });
});
