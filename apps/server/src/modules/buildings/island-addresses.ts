import type { LotJoin } from "./lot-addresses";
import type { BuildingRecord } from "./parse-footprints";
import { normaliseQuery } from "./search-buildings";

/*
 * Addresses from the tax lots, the step of readIsland (island.ts) after the footprints are merged: OpenStreetMap's
 * own address stays, every building keeps its lot's BBL, and no address stands on buildings of two lots.
 */

/** How many buildings took their address from where, and how many stand on a known tax lot. */
type AddressCounts = {
  addressFromOsm: number;
  addressFromLotInside: number;
  addressFromLotNear: number;
  onLot: number;
};

/**
 * Every record with its tax lot (`joined`, by index): its BBL and address ranges, and the lot's address when it has
 * none; an OpenStreetMap address found on buildings of other lots too is given up by all but one of them.
 * `lotGiven` holds the indexes of the records whose address came from their lot.
 */
export function addressesFromLots(records: BuildingRecord[], joined: (LotJoin | null)[]) {
  const counts: AddressCounts = {
    addressFromOsm: 0,
    addressFromLotInside: 0,
    addressFromLotNear: 0,
    onLot: 0,
  };
  const lotGiven = new Set<number>();
  const osmKeeps = osmAddressKeepers(records, joined);
  const addressed = records.map((own, i) => {
    const lot = joined[i];
    // An OpenStreetMap address found on buildings of other lots too is given up by all but one of them.
    const keeper = own.address && lot ? osmKeeps.get(normaliseQuery(own.address)) : undefined;
    const r = keeper && lot && keeper !== lot.bbl ? { ...own, address: null } : own;
    if (r.address) counts.addressFromOsm += 1;
    if (!lot) return r;
    counts.onLot += 1;
    if (r.address || !lot.address) return { ...r, lot: lot.bbl, addressRanges: lot.ranges };
    lotGiven.add(i);
    return { ...r, address: lot.address, lot: lot.bbl, addressRanges: lot.ranges };
  });
  return { addressed, lotGiven, counts };
}

/**
 * The records with one lot per address (oneLotPerAddress), counting in `counts` the lot addresses that stay, by
 * whether their lot's point stood inside the building or close by.
 */
export function keepOneLotPerAddress(
  addressed: BuildingRecord[],
  lotGiven: Set<number>,
  joined: (LotJoin | null)[],
  counts: AddressCounts,
): BuildingRecord[] {
  return oneLotPerAddress(addressed, lotGiven, joined).map((r, i) => {
    if (lotGiven.has(i) && r.address) {
      if (joined[i]?.inside) counts.addressFromLotInside += 1;
      else counts.addressFromLotNear += 1;
    }
    return r;
  });
}

/**
 * OpenStreetMap's own addresses that buildings of two lots or more carry (one building drawn as two outlines over a
 * lot line, or an address copied to a neighbour), each with the lot that keeps it: the lot whose own address in the
 * lot file it is, else the lowest BBL. Buildings of the other lots take their own lot's address instead.
 */
function osmAddressKeepers(records: BuildingRecord[], joined: (LotJoin | null)[]): Map<string, string> {
  const lotsOf = new Map<string, Set<string>>();
  const ownLot = new Map<string, string>();
  records.forEach((r, i) => {
    const lot = joined[i];
    if (!r.address || !lot) return;
    const folded = normaliseQuery(r.address);
    lotsOf.set(folded, (lotsOf.get(folded) ?? new Set()).add(lot.bbl));
    if (lot.address && normaliseQuery(lot.address) === folded) {
      const known = ownLot.get(folded);
      if (!known || lot.bbl < known) ownLot.set(folded, lot.bbl);
    }
  });
  const keepers = new Map<string, string>();
  for (const [folded, lots] of lotsOf) {
    if (lots.size < 2) continue;
    keepers.set(folded, ownLot.get(folded) ?? [...lots].sort()[0] ?? "");
  }
  return keepers;
}

/**
 * No address on buildings of two lots: where lots share an address (a condominium's billing lot, a slip in the
 * city's file) or a lot's address is another building's own in OpenStreetMap, the address stays with
 * OpenStreetMap's building, else with the lowest BBL whose point stands inside a building, else the lowest BBL;
 * buildings of the other lots give it up (they keep their lot, and are named from the streets).
 */
function oneLotPerAddress(
  records: BuildingRecord[],
  lotGiven: Set<number>,
  joined: ({ inside: boolean } | null)[],
): BuildingRecord[] {
  const keyOf = (r: BuildingRecord) => r.lot ?? `id:${r.id}`;
  const owner = new Map<string, { key: string; rank: number }>();
  records.forEach((r, i) => {
    if (!r.address) return;
    const key = keyOf(r);
    const rank = !lotGiven.has(i) ? 0 : joined[i]?.inside ? 1 : 2;
    const folded = normaliseQuery(r.address);
    const best = owner.get(folded);
    if (!best || rank < best.rank || (rank === best.rank && key < best.key)) owner.set(folded, { key, rank });
  });
  return records.map((r, i) => {
    if (!r.address || !lotGiven.has(i)) return r;
    const best = owner.get(normaliseQuery(r.address));
    return best && best.key !== keyOf(r) ? { ...r, address: null } : r;
  });
}
