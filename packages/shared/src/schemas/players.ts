import { z } from "zod";
import { LIMITS, USERNAME_PATTERN } from "../constants";
import { PlayerCollection } from "./collections";

/** How much of a player a public profile lists: the most valuable buildings first, the latest trades first. */
export const PLAYER_PROFILE_LIMITS = { buildings: 200, trades: 20 } as const;

/**
 * GET players/:userName. Only the characters and length a username may have: anything else is refused (400)
 * before the database is asked. The profanity and look-alike rules are not applied here, so that a name stored
 * before a rule changed can still be looked up.
 */
export const PlayerParams = z.strictObject({
  userName: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(LIMITS.userNameMax, { error: `must be at most ${LIMITS.userNameMax} characters` })
    .regex(USERNAME_PATTERN, { error: "may contain only letters, digits, '.', '_' and '-'" }),
});
export type PlayerParams = z.infer<typeof PlayerParams>;

/** One building a player holds, as their public profile lists it. Money in cents. */
export const PlayerBuilding = z.object({
  buildingId: z.string(),
  /** The owner's name for it, else the building's name or address, else 'No Name'. */
  name: z.string(),
  /** What it is worth: its last trade (or the game's price) plus finished developments; never the ask. */
  valueCents: z.number().int(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Developments finished (0–4). */
  developmentLevel: z.number().int().min(0),
  forSale: z.boolean(),
  /** The owner's asking price while it is for sale; null otherwise. */
  askCents: z.number().int().nullable(),
});
export type PlayerBuilding = z.infer<typeof PlayerBuilding>;

const TRADE_SIDES = ["bought", "sold"] as const;

/** A trade the player was part of, as the market's ticker shows it, from the player's side. */
export const PlayerTrade = z.object({
  buildingId: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** Epoch seconds. */
  at: z.number().int(),
  side: z.enum(TRADE_SIDES),
});
export type PlayerTrade = z.infer<typeof PlayerTrade>;

/** A player's public profile: who they are, what they hold (unless they hide the list) and how they last traded. */
export const PlayerProfileData = z.object({
  /** The name every player sees (an operator may have reset it). */
  userName: z.string(),
  buildingColor: z.string(),
  /** ISO 8601: when the account was made. */
  joinedAt: z.string(),
  /** Counted as the leaderboard counts them, whether or not the list is hidden. */
  holdings: z.object({ count: z.number().int(), totalValueCents: z.number().int() }),
  /** The player chose not to list their buildings: `buildings` is then absent. */
  holdingsHidden: z.boolean(),
  /** The most valuable first, at most PLAYER_PROFILE_LIMITS.buildings of them. */
  buildings: z.array(PlayerBuilding).optional(),
  /** Newest first, at most PLAYER_PROFILE_LIMITS.trades of them. */
  recentTrades: z.array(PlayerTrade),
  /** The collections the player completed: held now first, then once held (the badges). */
  collections: z.array(PlayerCollection),
});
export type PlayerProfileData = z.infer<typeof PlayerProfileData>;
