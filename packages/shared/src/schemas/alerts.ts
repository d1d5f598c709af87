import { z } from "zod";
import type { ActivityType } from "./live";

/**
 * The alerts a player can switch off, each an activity type (its payload in live.ts, its words in activity-text.ts),
 * with the label of its checkbox in Account Settings. Every alert is on until the player switches it off. Adding a
 * kind here is all the settings need: the API, its validation and the checkboxes follow from this list.
 */
export const alertKinds = {
  "watch.listed": "A building I watch is put up for sale",
  "watch.ask_lowered": "The asking price of a building I watch drops",
  "watch.sold": "A building I watch is sold",
  "watch.bid_placed": "Someone bids on a building I watch",
  "watch.development_started": "A development starts on a building I watch",
  "watch.development_finished": "A development on a building I watch is finished",
  "collection.one_short_listed": "The last building I need for a collection is put up for sale",
} as const satisfies Partial<Record<ActivityType, string>>;
export type AlertKind = keyof typeof alertKinds;
export const alertKindList = Object.keys(alertKinds) as AlertKind[];

const switches = Object.fromEntries(alertKindList.map((kind) => [kind, z.boolean()])) as Record<
  AlertKind,
  z.ZodBoolean
>;

/** GET users/alert-settings: every alert kind, on (true) or off. */
export const AlertSettings = z.object(switches);
export type AlertSettings = z.infer<typeof AlertSettings>;

/** PUT users/alert-settings: the switches to change (any of them); an unknown kind or a non-boolean is a 400. */
export const AlertSettingsBody = z.strictObject(switches).partial();
export type AlertSettingsBody = z.infer<typeof AlertSettingsBody>;
