import type { Footprint } from "../../db/schema/buildings";
import type { StreetRecord } from "./island";
import { ImportError } from "./parse-footprints";

/*
 * The island file's geometry (island-file.ts): footprints and lines as columns of integer steps, each decoding to
 * exactly the positions written.
 */

/**
 * Positions as integers of 1/scale degree, each the step from the one before. `shape` holds, per feature,
 * 0 then the ring count for a Polygon, or the polygon count then each one's ring count for a MultiPolygon; every
 * ring is written as 2 × its stored positions + 1 when it was closed (its repeated last position is not stored).
 */
export type PolygonColumn = { scale: number; shape: number[]; steps: number[] };
/** Lines alike: per feature 0 then the position count for a LineString, or the line count then each one's. */
export type LineColumn = { scale: number; shape: number[]; steps: number[] };

/** The coarsest of these scales at which every position comes back exactly as it was. */
const SCALES = [1e6, 1e7, 1e8, 1e9];

function scaleFor(positions: Iterable<number[]>): number {
  const all = [...positions];
  for (const scale of SCALES) {
    if (all.every((p) => p.every((v) => Math.round(v * scale) / scale === v))) return scale;
  }
  throw new ImportError("A position has more than 9 decimals: the island file cannot hold it exactly.");
}

class StepWriter {
  readonly steps: number[] = [];
  private x = 0;
  private y = 0;
  constructor(readonly scale: number) {}
  write([lng = 0, lat = 0]: number[]) {
    const x = Math.round(lng * this.scale);
    const y = Math.round(lat * this.scale);
    this.steps.push(x - this.x, y - this.y);
    this.x = x;
    this.y = y;
  }
}

class StepReader {
  private x = 0;
  private y = 0;
  private at = 0;
  constructor(
    private readonly scale: number,
    private readonly steps: number[],
  ) {}
  read(): number[] {
    const dx = this.steps[this.at];
    const dy = this.steps[this.at + 1];
    if (dx === undefined || dy === undefined) throw new ImportError("The island file's positions end early.");
    this.at += 2;
    this.x += dx;
    this.y += dy;
    return [this.x / this.scale, this.y / this.scale];
  }
  get done() {
    return this.at === this.steps.length;
  }
}

class ShapeReader {
  private at = 0;
  constructor(private readonly shape: number[]) {}
  next(): number {
    const n = this.shape[this.at++];
    if (n === undefined || !Number.isInteger(n) || n < 0)
      throw new ImportError("The island file's shapes are damaged.");
    return n;
  }
  get done() {
    return this.at === this.shape.length;
  }
}

const closed = (ring: number[][]) =>
  ring.length > 1 && ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1];

function writeRing(ring: number[][], shape: number[], out: StepWriter) {
  const isClosed = closed(ring);
  const stored = isClosed ? ring.slice(0, -1) : ring;
  shape.push(stored.length * 2 + (isClosed ? 1 : 0));
  for (const p of stored) out.write(p);
}

function readRing(shape: ShapeReader, steps: StepReader): number[][] {
  const code = shape.next();
  const ring = Array.from({ length: code >> 1 }, () => steps.read());
  if (code & 1 && ring[0]) ring.push([...ring[0]]);
  return ring;
}

/** Footprints as one column of integer steps (PolygonColumn). */
export function encodePolygons(features: Footprint[]): PolygonColumn {
  const scale = scaleFor(
    features.flatMap((f) => (f.type === "Polygon" ? [f.coordinates] : f.coordinates).flat(2)),
  );
  const out = new StepWriter(scale);
  const shape: number[] = [];
  for (const f of features) {
    const polygons = f.type === "Polygon" ? [f.coordinates] : f.coordinates;
    shape.push(f.type === "Polygon" ? 0 : polygons.length);
    for (const rings of polygons) {
      shape.push(rings.length);
      for (const ring of rings) writeRing(ring, shape, out);
    }
  }
  return { scale, shape, steps: out.steps };
}

/** The `count` footprints of a column; throws when the column holds more or fewer. */
export function decodePolygons(column: PolygonColumn, count: number): Footprint[] {
  const shape = new ShapeReader(column.shape);
  const steps = new StepReader(column.scale, column.steps);
  const polygon = () => Array.from({ length: shape.next() }, () => readRing(shape, steps));
  const features = Array.from({ length: count }, (): Footprint => {
    const n = shape.next();
    return n === 0
      ? { type: "Polygon", coordinates: polygon() }
      : { type: "MultiPolygon", coordinates: Array.from({ length: n }, polygon) };
  });
  if (!shape.done || !steps.done)
    throw new ImportError("The island file's geometry does not match its features.");
  return features;
}

/** Streets' lines as one column of integer steps (LineColumn). */
export function encodeLines(features: StreetRecord["geometry"][]): LineColumn {
  const scale = scaleFor(
    features.flatMap((f) => (f.type === "LineString" ? f.coordinates : f.coordinates.flat())),
  );
  const out = new StepWriter(scale);
  const shape: number[] = [];
  for (const f of features) {
    const lines = f.type === "LineString" ? [f.coordinates] : f.coordinates;
    shape.push(f.type === "LineString" ? 0 : lines.length);
    for (const line of lines) {
      shape.push(line.length);
      for (const p of line) out.write(p);
    }
  }
  return { scale, shape, steps: out.steps };
}

/** The `count` lines of a column; throws when the column holds more or fewer. */
export function decodeLines(column: LineColumn, count: number): StreetRecord["geometry"][] {
  const shape = new ShapeReader(column.shape);
  const steps = new StepReader(column.scale, column.steps);
  const line = () => Array.from({ length: shape.next() }, () => steps.read());
  const features = Array.from({ length: count }, (): StreetRecord["geometry"] => {
    const n = shape.next();
    return n === 0
      ? { type: "LineString", coordinates: line() }
      : { type: "MultiLineString", coordinates: Array.from({ length: n }, line) };
  });
  if (!shape.done || !steps.done)
    throw new ImportError("The island file's streets do not match their geometry.");
  return features;
}
