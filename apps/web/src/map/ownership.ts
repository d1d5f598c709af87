import type { MapState } from "@mx/shared/schemas/map";

/** What the overlay says about one building: its owner's colour (null while unowned) and whether it is on the market. */
export interface BuildingMark {
  color: string | null;
  forSale: boolean;
}

/** The colour an owned building gets when its owner's colour is missing or not a colour: white, a new account's. */
export const FALLBACK_OWNER_COLOR = "#ffffff";

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Turns the compact overlay (flat [mapId, colourIndex, …] pairs plus a for-sale list) into one mark per building. */
export function decodeMapState(state: MapState): Map<number, BuildingMark> {
  const marks = new Map<number, BuildingMark>();
  for (let i = 0; i + 1 < state.owned.length; i += 2) {
    const mapId = state.owned[i] as number;
    const colour = state.colors[state.owned[i + 1] as number];
    marks.set(mapId, {
      color: typeof colour === "string" && HEX_COLOR.test(colour) ? colour : FALLBACK_OWNER_COLOR,
      forSale: false,
    });
  }
  for (const mapId of state.forSale) {
    const mark = marks.get(mapId);
    if (mark) mark.forSale = true;
    else marks.set(mapId, { color: null, forSale: true });
  }
  return marks;
}

/** The mark a live building event gives its building: the owner's colour (if owned) and the for-sale flag. */
export function markOfEvent(event: {
  ownerId: string | null;
  color: string | null;
  forSale: boolean;
}): BuildingMark {
  const color = event.ownerId
    ? event.color && HEX_COLOR.test(event.color)
      ? event.color
      : FALLBACK_OWNER_COLOR
    : null;
  return { color, forSale: event.forSale };
}

export interface MarkChanges {
  /** Buildings whose mark is new or different. */
  set: Array<[number, BuildingMark]>;
  /** Buildings that had a mark and have none now (sold back to the market, account deleted). */
  cleared: number[];
}

/** The feature-state updates that take the map from `before` to `after`; unchanged buildings are left alone. */
export function diffMarks(before: Map<number, BuildingMark>, after: Map<number, BuildingMark>): MarkChanges {
  const set: Array<[number, BuildingMark]> = [];
  const cleared: number[] = [];
  for (const [mapId, mark] of after) {
    const old = before.get(mapId);
    if (!old || old.color !== mark.color || old.forSale !== mark.forSale) set.push([mapId, mark]);
  }
  for (const mapId of before.keys()) {
    if (!after.has(mapId)) cleared.push(mapId);
  }
  return { set, cleared };
}
