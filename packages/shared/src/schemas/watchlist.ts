import { z } from "zod";

const BuildingId = z.string().trim().min(1).max(100);

export const WatchBody = z.strictObject({ buildingId: BuildingId });
export type WatchBody = z.infer<typeof WatchBody>;

export const WatchParams = z.strictObject({ buildingId: BuildingId });

/** A building a player watches: what it costs, what it is asked and bid, and how it last traded. */
export const WatchedBuilding = z.object({
  buildingId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  neighborhood: z.string().nullable(),
  /** Dollars: what buying it costs now (the ask while for sale, else its value). */
  price: z.number(),
  /** Dollars: what it last traded at, or the game's price, plus developments. */
  value: z.number(),
  /** Dollars; null unless it is for sale. */
  ask: z.number().nullable(),
  forSale: z.boolean(),
  /** True while a payment for it is disputed: it cannot be listed, sold, developed or renamed until then. */
  frozen: z.boolean(),
  /** Dollars: the highest pending bid; null without bids. */
  bestBid: z.number().nullable(),
  /** Dollars and epoch seconds; null if it never traded. */
  lastTrade: z.object({ price: z.number(), at: z.number().int() }).nullable(),
  ownerName: z.string().nullable(),
  /** Where it stands: Property Details' address carries it. */
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Epoch seconds: when the player began to watch it. */
  watchedAt: z.number().int(),
});
export type WatchedBuilding = z.infer<typeof WatchedBuilding>;

export const WatchlistData = z.object({ buildings: z.array(WatchedBuilding) });
export type WatchlistData = z.infer<typeof WatchlistData>;

export const UnwatchData = z.object({ buildingId: z.string(), watching: z.literal(false) });
