import { DEVELOPMENT_KINDS, DEVELOPMENTS, MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import type { MapState } from "@mx/shared/schemas/map";

/**
 * What the overlay says about one building: its owner's colour (null while unowned), whether it is on the market,
 * the developments finished on it (0–4) and whether one is being built.
 */
export interface BuildingMark {
  color: string | null;
  forSale: boolean;
  level: number;
  constructing: boolean;
}

/** A mark says something only when it colours, tags or develops the building. */
export function isBlankMark(mark: BuildingMark): boolean {
  return mark.color === null && !mark.forSale && mark.level === 0 && !mark.constructing;
}

/** The overlay's development code: level × 2, plus 1 while a construction (of level + 1) runs. */
export function decodeDevelopment(code: number): { level: number; constructing: boolean } {
  const safe = Number.isInteger(code) && code > 0 ? code : 0;
  return { level: Math.min(Math.floor(safe / 2), MAX_DEVELOPMENT_LEVEL), constructing: safe % 2 === 1 };
}

const blank = (): BuildingMark => ({ color: null, forSale: false, level: 0, constructing: false });

/** The colour an owned building gets when its owner's colour is missing or not a colour: white, a new account's. */
export const FALLBACK_OWNER_COLOR = "#ffffff";

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Turns the compact overlay (flat [mapId, colourIndex, …] pairs, a for-sale list and flat [mapId, development code, …]
 * pairs) into one mark per building.
 */
export function decodeMapState(state: MapState): Map<number, BuildingMark> {
  const marks = new Map<number, BuildingMark>();
  for (let i = 0; i + 1 < state.owned.length; i += 2) {
    const mapId = state.owned[i] as number;
    const colour = state.colors[state.owned[i + 1] as number];
    marks.set(mapId, {
      ...blank(),
      color: typeof colour === "string" && HEX_COLOR.test(colour) ? colour : FALLBACK_OWNER_COLOR,
    });
  }
  const markOf = (mapId: number) => {
    const found = marks.get(mapId);
    if (found) return found;
    const made = blank();
    marks.set(mapId, made);
    return made;
  };
  for (const mapId of state.forSale) markOf(mapId).forSale = true;
  // Developments stay with a building that has gone back to the market, so an unowned one may carry them too.
  const developed = state.developed ?? [];
  for (let i = 0; i + 1 < developed.length; i += 2) {
    const { level, constructing } = decodeDevelopment(developed[i + 1] as number);
    if (level === 0 && !constructing) continue;
    Object.assign(markOf(developed[i] as number), { level, constructing });
  }
  return marks;
}

/**
 * The mark a live building event gives its building: the owner's colour (if owned) and the for-sale flag. The
 * event does not say how far the building is developed; that is kept from the mark it had (`before`).
 */
export function markOfEvent(
  event: { ownerId: string | null; color: string | null; forSale: boolean },
  before?: BuildingMark,
): BuildingMark {
  const color = event.ownerId
    ? event.color && HEX_COLOR.test(event.color)
      ? event.color
      : FALLBACK_OWNER_COLOR
    : null;
  return {
    color,
    forSale: event.forSale,
    level: before?.level ?? 0,
    constructing: before?.constructing ?? false,
  };
}

/** The level a development brings its building to (its kind says it), or null for a kind this page does not know. */
function levelOfKind(kind: string): number | null {
  const known = DEVELOPMENT_KINDS.find((k) => k === kind);
  return known ? DEVELOPMENTS[known].level : null;
}

/**
 * The mark a live development event gives its building: a construction started (`building.developing`: the levels
 * before the one being built are finished) or finished (`building.developed`: that level is reached).
 */
export function markOfDevelopmentEvent(
  event: {
    type: "building.developing" | "building.developed";
    ownerId: string | null;
    color: string | null;
    forSale: boolean;
    level: number;
    kind: string;
  },
  before?: BuildingMark,
): BuildingMark {
  const reached = levelOfKind(event.kind) ?? event.level;
  const isStarted = event.type === "building.developing";
  return {
    ...markOfEvent(event),
    level: Math.max(0, Math.min(isStarted ? reached - 1 : reached, MAX_DEVELOPMENT_LEVEL)),
    constructing: isStarted,
    // A finished construction never lowers what the overlay already knew.
    ...(before && !isStarted && before.level > reached ? { level: before.level } : {}),
  };
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
    if (
      !old ||
      old.color !== mark.color ||
      old.forSale !== mark.forSale ||
      old.level !== mark.level ||
      old.constructing !== mark.constructing
    )
      set.push([mapId, mark]);
  }
  for (const mapId of before.keys()) {
    if (!after.has(mapId)) cleared.push(mapId);
  }
  return { set, cleared };
}
