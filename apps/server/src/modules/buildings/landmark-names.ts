import type { BuildingRecord } from "./parse-footprints";

/**
 * Names people search for that no source the island is built from carries: the OpenStreetMap extracts stop at
 * 47th Street and lack a few downtown landmarks (the Woolworth Building), and the city's files hold no names.
 * Keyed by tax lot (BBL); the tallest building of the lot without a name of its own takes it.
 */
const LANDMARK_NAMES: ReadonlyMap<string, string> = new Map([
  ["1001237501", "Woolworth Building"],
  ["1011250025", "The Dakota"],
  ["1019310010", "Apollo Theater"],
  ["1011270029", "The San Remo"],
  ["1011657503", "The Ansonia"],
  ["1011950029", "The Beresford"],
  ["1012040029", "The Eldorado"],
  ["1011157501", "The Century"],
  ["1011110001", "Metropolitan Museum of Art"],
  ["1015040001", "The Jewish Museum"],
]);

/** The records with the landmark names of their lots given (see LANDMARK_NAMES). */
export function nameLandmarks(records: BuildingRecord[]): BuildingRecord[] {
  const chosen = new Map<string, number>();
  records.forEach((r, i) => {
    if (!r.lot || r.name || !LANDMARK_NAMES.has(r.lot)) return;
    const best = chosen.get(r.lot);
    const other = best === undefined ? undefined : records[best];
    if (!other || r.heightM > other.heightM || (r.heightM === other.heightM && r.id < other.id)) {
      chosen.set(r.lot, i);
    }
  });
  const named = new Set(chosen.values());
  return records.map((r, i) =>
    named.has(i) && r.lot ? { ...r, name: LANDMARK_NAMES.get(r.lot) ?? r.name } : r,
  );
}
