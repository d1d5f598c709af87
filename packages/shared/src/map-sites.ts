/*
 * Where every building stands, small enough for the island view: one point per building (its centre), rounded to
 * SITE_STEP_DEG (about 5 m), as three columns of binary numbers. The map draws developments from it below the zoom
 * at which buildings are drawn one by one; the file is made once per catalogue and cached for good.
 *
 * Layout (little-endian): west, south, step as 64-bit floats, the count as a 32-bit integer, 4 bytes of padding;
 * then `count` 32-bit mapIds, each the difference from the one before (sorted ascending); then `count` 16-bit
 * columns (x) and `count` 16-bit rows (y), each point being (west + x × step, south + y × step).
 */

/** How finely the points are rounded, in degrees: about 4 m east to west and 5.5 m north to south in Manhattan. */
export const SITE_STEP_DEG = 0.00005;
const HEADER_BYTES = 32;
const MAX_CELL = 0xffff;

export interface Site {
  mapId: number;
  lng: number;
  lat: number;
}

/** The points of `sites`, encoded (the input need not be sorted). */
export function encodeSites(sites: Site[]): Uint8Array {
  const sorted = [...sites].sort((a, b) => a.mapId - b.mapId);
  const count = sorted.length;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  for (const s of sorted) {
    west = Math.min(west, s.lng);
    south = Math.min(south, s.lat);
  }
  if (count === 0) {
    west = 0;
    south = 0;
  }
  const bytes = new Uint8Array(HEADER_BYTES + count * 8);
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, west, true);
  view.setFloat64(8, south, true);
  view.setFloat64(16, SITE_STEP_DEG, true);
  view.setUint32(24, count, true);
  const cell = (value: number) => Math.min(MAX_CELL, Math.max(0, Math.round(value / SITE_STEP_DEG)));
  let previous = 0;
  sorted.forEach((s, i) => {
    view.setUint32(HEADER_BYTES + i * 4, s.mapId - previous, true);
    previous = s.mapId;
    view.setUint16(HEADER_BYTES + count * 4 + i * 2, cell(s.lng - west), true);
    view.setUint16(HEADER_BYTES + count * 6 + i * 2, cell(s.lat - south), true);
  });
  return bytes;
}

/** Decoded points: `lng[i]`, `lat[i]` is where the building `mapIds[i]` stands. */
export interface Sites {
  mapIds: Uint32Array;
  lng: Float64Array;
  lat: Float64Array;
}

/** Reads what `encodeSites` wrote; throws on a truncated or malformed buffer. */
export function decodeSites(buffer: ArrayBuffer): Sites {
  if (buffer.byteLength < HEADER_BYTES) throw new Error("The building points are truncated.");
  const view = new DataView(buffer);
  const west = view.getFloat64(0, true);
  const south = view.getFloat64(8, true);
  const step = view.getFloat64(16, true);
  const count = view.getUint32(24, true);
  if (buffer.byteLength < HEADER_BYTES + count * 8 || !(step > 0)) {
    throw new Error("The building points are truncated.");
  }
  const mapIds = new Uint32Array(count);
  const lng = new Float64Array(count);
  const lat = new Float64Array(count);
  let id = 0;
  for (let i = 0; i < count; i += 1) {
    id += view.getUint32(HEADER_BYTES + i * 4, true);
    mapIds[i] = id;
    lng[i] = west + view.getUint16(HEADER_BYTES + count * 4 + i * 2, true) * step;
    lat[i] = south + view.getUint16(HEADER_BYTES + count * 6 + i * 2, true) * step;
  }
  return { mapIds, lng, lat };
}
