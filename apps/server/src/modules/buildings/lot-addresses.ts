import { existsSync, readFileSync } from "node:fs";
import Flatbush from "flatbush";
import { centroid, METRES_PER_DEGREE, pointInPolygons, polygonsBbox } from "./geo";
import { ImportError } from "./parse-footprints";
import { normaliseQuery } from "./search-text";

type Polygons = number[][][][];

/** One tax lot of the city's lot file (PLUTO): its BBL, block, address as PLUTO writes it, and its position. */
export type LotAddress = {
  /** Borough-block-lot, ten digits: "1011250025" is Manhattan, block 1125, lot 25. */
  bbl: string;
  block: number;
  /** The house number ("253", "12-14"), or null for the lots PLUTO gives only a street. */
  number: string | null;
  /** The street as people write it ("W 125th St", "Fifth Ave"). */
  street: string;
  lng: number;
  lat: number;
};

/** What a building takes from its lot: the lot's BBL, its address, and the house numbers it covers. */
export type LotJoin = { bbl: string; address: string | null; ranges: string | null; inside: boolean };

const SPELT = [
  "First",
  "Second",
  "Third",
  "Fourth",
  "Fifth",
  "Sixth",
  "Seventh",
  "Eighth",
  "Ninth",
  "Tenth",
  "Eleventh",
  "Twelfth",
];

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** Whole street names PLUTO shortens past recognition, as they are signed. */
const WHOLE_NAMES = new Map<string, string>([
  ["ADAM C POWELL BLVD", "Adam Clayton Powell Jr Blvd"],
  ["FREDRICK DOUGLASS BL", "Frederick Douglass Blvd"],
  ["FREDERICK DOUGLAS BL", "Frederick Douglass Blvd"],
  ["FREDRICK DOUGLAS BL", "Frederick Douglass Blvd"],
  ["AVENUE OF THE AMER", "Avenue of the Americas"],
  ["AVENUE OF THE AMERIC", "Avenue of the Americas"],
  ["F D R DRIVE", "FDR Dr"],
  ["THELONIOUS MONK CRCL", "Thelonious Monk Cir"],
  ["WASHINGTON SQ VLLGE", "Washington Square Village"],
  ["ESPLANADE GDNS PLAZA", "Esplanade Gardens Plaza"],
  ["HARLEM RIVER DRVWY", "Harlem River Driveway"],
  ["N D PERLMAN PLACE", "Nathan D Perlman Pl"],
  ["ALEX HAMILTON SQUARE", "Alexander Hamilton Sq"],
  ["TARAS SHEVCHENKO PL", "Taras Shevchenko Pl"],
  ["SOUTH PINEHURST AVE", "S Pinehurst Ave"],
]);

/** Street words as addresses write them; anything else is title-cased. */
const WORDS = new Map<string, string>([
  ["STREET", "St"],
  ["ST", "St"],
  ["AVENUE", "Ave"],
  ["AVE", "Ave"],
  ["BOULEVARD", "Blvd"],
  ["BLVD", "Blvd"],
  ["BL", "Blvd"],
  ["PLACE", "Pl"],
  ["PLCE", "Pl"],
  ["PL", "Pl"],
  ["DRIVE", "Dr"],
  ["TERRACE", "Ter"],
  ["SQUARE", "Sq"],
  ["PARKWAY", "Pkwy"],
  ["LANE", "Ln"],
  ["ROAD", "Rd"],
  ["FT", "Fort"],
  ["MT", "Mount"],
  ["OF", "of"],
  ["THE", "the"],
  ["MAC", "Mac"],
  ["LA", "La"],
]);

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/**
 * A street as PLUTO writes it ("WEST 125 STREET", "5 AVENUE", "ADAM C POWELL BLVD") as a New Yorker writes it
 * ("W 125th St", "Fifth Ave", "Adam Clayton Powell Jr Blvd").
 */
export function formatStreet(pluto: string): string {
  const s = pluto.trim().toUpperCase().replace(/\s+/g, " ");
  const whole = WHOLE_NAMES.get(s);
  if (whole) return whole;
  const numbered = s.match(/^(?:(LITTLE) )?(WEST|EAST) (\d+) (?:STREET|ST)$/);
  if (numbered) {
    const [, little, side, n] = numbered;
    return `${little ? "Little " : ""}${side === "WEST" ? "W" : "E"} ${ordinal(Number(n))} St`;
  }
  const avenue = s.match(/^(\d+) AVENUE( SOUTH)?$/);
  if (avenue) {
    const n = Number(avenue[1]);
    const name = SPELT[n - 1] ?? ordinal(n);
    return `${name} Ave${avenue[2] ? " S" : ""}`;
  }
  const words = s.split(" ");
  return words
    .map((word, i) => {
      if (i === 0 && word === "ST" && words.length > 2) return "St";
      if (i === words.length - 1 && /^[NSEW]$/.test(word)) return word;
      if ((word === "EAST" || word === "WEST") && i === 0 && words[1] === "HOUSTON") return word.charAt(0);
      const known = WORDS.get(word);
      if (known) return i === 0 ? known.charAt(0).toUpperCase() + known.slice(1) : known;
      return titleCase(word);
    })
    .join(" ")
    .replace(/\bMac (Dougal)\b/, "Mac$1")
    .replace(/\bLa (Guardia)\b/, "La$1");
}

/** PLUTO's address ("253 WEST 125 STREET", "12 1/2 EAST 5 STREET", "BRYANT PARK") split and written as people do. */
export function formatAddress(pluto: string): { number: string | null; street: string } | null {
  const s = pluto.trim().replace(/\s+/g, " ");
  if (!s) return null;
  const m = s.match(/^(\d[\dA-Z-]*(?: 1\/2)?) (.+)$/);
  if (!m) return { number: null, street: formatStreet(s) };
  return { number: m[1] as string, street: formatStreet(m[2] as string) };
}

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(field);
      field = "";
    } else field += c;
  }
  out.push(field);
  return out;
}

/** The lots of the city's lot address file (columns lot_id, Block, Lot, Address, ZipCode, latitude, longitude). */
export function readLotAddresses(file: string): LotAddress[] | null {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  const header = csvFields(lines[0] ?? "").map((h) => h.trim().toLowerCase());
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new ImportError(`${file}: it has no ${name} column.`);
    return i;
  };
  const [block, lot, address, lat, lng] = ["block", "lot", "address", "latitude", "longitude"].map(col);
  const lots: LotAddress[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const f = csvFields(line);
    const b = Number(f[block as number]);
    const l = Number(f[lot as number]);
    const y = Number(f[lat as number]);
    const x = Number(f[lng as number]);
    const written = formatAddress(f[address as number] ?? "");
    if (!Number.isInteger(b) || !Number.isInteger(l) || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (!written || y === 0 || x === 0) continue;
    lots.push({
      bbl: `1${String(b).padStart(5, "0")}${String(l).padStart(4, "0")}`,
      block: b,
      number: written.number,
      street: written.street,
      lng: x,
      lat: y,
    });
  }
  return lots;
}

const project = (lng: number, lat: number): [number, number] => [
  lng * METRES_PER_DEGREE.lng,
  lat * METRES_PER_DEGREE.lat,
];

function distanceToPolygons(x: number, y: number, polygons: Polygons): number {
  let best = Number.POSITIVE_INFINITY;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [ax, ay] = project(ring[i]?.[0] ?? 0, ring[i]?.[1] ?? 0);
        const [bx, by] = project(ring[i + 1]?.[0] ?? 0, ring[i + 1]?.[1] ?? 0);
        const dx = bx - ax;
        const dy = by - ay;
        const len = dx * dx + dy * dy;
        const t = len > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
        best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
      }
    }
  }
  return best;
}

/** How far (m) from a footprint's edge a lot point standing on no building may be and still give its address. */
const NEAR_LOT_M = 60;

/** A lot's house number as a number, when it is a plain one. */
const houseNumber = (n: string | null) => (n && /^\d+$/.test(n) ? Number(n) : null);

/**
 * The house numbers each lot covers on its block: on each street side (block, street, odd or even) a lot runs
 * from its own number to the next lot's; on a numbered cross street the numbers below the first lot and above
 * the last (to the block's hundred) belong to the lot nearest where they would stand — often the corner lot,
 * whose address is on the avenue (1 W 72nd St is the Dakota, 121 Central Park West).
 */
export function lotRanges(lots: LotAddress[]): Map<string, string[]> {
  const faces = new Map<string, { n: number; lot: LotAddress }[]>();
  const byBlock = new Map<number, LotAddress[]>();
  for (const lot of lots) {
    byBlock.set(lot.block, [...(byBlock.get(lot.block) ?? []), lot]);
    const n = houseNumber(lot.number);
    if (n === null) continue;
    const key = `${lot.block}|${lot.street}|${n % 2}`;
    faces.set(key, [...(faces.get(key) ?? []), { n, lot }]);
  }
  const ranges = new Map<string, string[]>();
  const add = (lot: LotAddress, street: string, from: number, to: number) => {
    if (to < from) return;
    const token = `[${normaliseQuery(street)} ${from}-${to}]`;
    const list = ranges.get(lot.bbl) ?? [];
    if (!list.includes(token)) list.push(token);
    ranges.set(lot.bbl, list);
  };
  for (const [key, face] of [...faces].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    face.sort((a, b) => a.n - b.n || (a.lot.bbl < b.lot.bbl ? -1 : 1));
    const [, street = ""] = key.split("|");
    face.forEach(({ n, lot }, i) => {
      const next = face[i + 1];
      add(lot, street, n, next && next.n > n ? next.n - 2 : n);
    });
    const first = face[0];
    const last = face.at(-1);
    if (!first || !last || first === last || !/^[WE] \d+\w\w St$/.test(street)) continue;
    const hundred = Math.floor(first.n / 100) * 100;
    if (Math.floor(last.n / 100) * 100 !== hundred) continue;
    // Where a house number would stand: along the line through the first and last lots of the side.
    const at = (n: number): [number, number] => {
      const t = (n - first.n) / (last.n - first.n);
      return [
        first.lot.lng + t * (last.lot.lng - first.lot.lng),
        first.lot.lat + t * (last.lot.lat - first.lot.lat),
      ];
    };
    const nearest = ([lng, lat]: [number, number]) => {
      let best: LotAddress = first.lot;
      let d = Number.POSITIVE_INFINITY;
      for (const lot of byBlock.get(first.lot.block) ?? []) {
        const e = (lot.lng - lng) ** 2 + ((lot.lat - lat) * 1.32) ** 2;
        if (e < d) {
          d = e;
          best = lot;
        }
      }
      return best;
    };
    const parity = first.n % 2;
    const low = hundred + (parity === 1 ? 1 : 2);
    if (low < first.n) add(nearest(at(low)), street, low, first.n - 2);
    const high = hundred + (parity === 1 ? 99 : 98);
    if (high > last.n) add(nearest(at(high)), street, last.n + 2, high);
  }
  return ranges;
}

/**
 * Each footprint's lot: the lot point inside it (the nearest its centre when several are), else the nearest lot
 * point within NEAR_LOT_M of its edge that stands on no footprint at all. Null when neither exists.
 */
export function joinLots(lots: LotAddress[], footprints: Polygons[]): (LotJoin | null)[] {
  const index = new Flatbush(Math.max(1, footprints.length));
  for (const polygons of footprints) {
    const [w, s, e, n] = polygonsBbox(polygons);
    index.add(w, s, e, n);
  }
  if (footprints.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  const inside: LotAddress[][] = footprints.map(() => []);
  const free: LotAddress[] = [];
  for (const lot of lots) {
    const hits = index
      .search(lot.lng, lot.lat, lot.lng, lot.lat)
      .filter((i) => i < footprints.length && pointInPolygons(lot.lng, lot.lat, footprints[i] as Polygons));
    for (const i of hits) inside[i]?.push(lot);
    if (hits.length === 0) free.push(lot);
  }
  const freeIndex = new Flatbush(Math.max(1, free.length));
  for (const lot of free) {
    const [x, y] = project(lot.lng, lot.lat);
    freeIndex.add(x, y, x, y);
  }
  if (free.length === 0) freeIndex.add(0, 0, 0, 0);
  freeIndex.finish();
  const ranges = lotRanges(lots);
  const join = (lot: LotAddress, isInside: boolean): LotJoin => ({
    bbl: lot.bbl,
    address: lot.number ? `${lot.number} ${lot.street}` : null,
    ranges: ranges.get(lot.bbl)?.join(" ") ?? null,
    inside: isInside,
  });
  return footprints.map((polygons, i) => {
    const [cx, cy] = project(...centroid(polygons));
    const within = inside[i] ?? [];
    if (within.length > 0) {
      const best = within.reduce((a, b) => {
        const da = Math.hypot(...sub(project(a.lng, a.lat), [cx, cy]));
        const db = Math.hypot(...sub(project(b.lng, b.lat), [cx, cy]));
        return db < da || (db === da && b.bbl < a.bbl) ? b : a;
      });
      return join(best, true);
    }
    if (free.length === 0) return null;
    const [w, s, e, n] = polygonsBbox(polygons);
    const [x0, y0] = project(w, s);
    const [x1, y1] = project(e, n);
    let best: { lot: LotAddress; d: number } | null = null;
    for (const j of freeIndex.search(x0 - NEAR_LOT_M, y0 - NEAR_LOT_M, x1 + NEAR_LOT_M, y1 + NEAR_LOT_M)) {
      const lot = free[j];
      if (!lot) continue;
      const d = distanceToPolygons(...project(lot.lng, lot.lat), polygons);
      if (d <= NEAR_LOT_M && (!best || d < best.d || (d === best.d && lot.bbl < best.lot.bbl)))
        best = { lot, d };
    }
    return best ? join(best.lot, false) : null;
  });
}

const sub = (a: [number, number], b: [number, number]): [number, number] => [a[0] - b[0], a[1] - b[1]];

/** North of Central Park (about 110th St), where Sixth, Seventh and Eighth Avenues carry other names. */
const NORTH_OF_THE_PARK = 40.797;

/** Names of one avenue, folded: official and honorary, or numbered and named. */
const SAME_AVENUE: { names: string[]; north?: boolean }[] = [
  { names: ["avenue of the americas", "6 avenue"] },
  { names: ["adam clayton powell jr boulevard", "7 avenue"], north: true },
  { names: ["frederick douglass boulevard", "8 avenue"], north: true },
  { names: ["malcolm x boulevard", "lenox avenue", "6 avenue"], north: true },
];

/**
 * The same address under the avenue's other names, folded as search reads them: "253 avenue of the americas" is
 * also "253 6 avenue"; north of the park, "2100 adam clayton powell jr boulevard" is also "2100 7 avenue".
 */
export function otherAddressForms(address: string, lat: number): string[] {
  const folded = normaliseQuery(address);
  const m = folded.match(/^(\S+) (.+)$/);
  if (!m) return [];
  const [, number, street] = m;
  const out: string[] = [];
  for (const group of SAME_AVENUE) {
    if (group.north !== undefined && group.north !== lat > NORTH_OF_THE_PARK) continue;
    if (!group.names.includes(street as string)) continue;
    for (const name of group.names) if (name !== street) out.push(`${number} ${name}`);
  }
  return out;
}
