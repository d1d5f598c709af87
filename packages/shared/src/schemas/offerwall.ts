import { z } from "zod";

/** A player's offer-wall credits, in dollars. */
export const Credits = z.object({
  /** What they hold. */
  balance: z.number(),
  /** What they may spend now (0 while their account is younger than the hold). */
  usable: z.number(),
  /** What they owe from offers taken back after they had spent the credits. */
  debt: z.number(),
  /** When their credits become spendable, if not yet (ISO time). */
  usableFrom: z.string().nullable(),
});
export type Credits = z.infer<typeof Credits>;

const OfferStatus = z.enum(["pending", "credited", "reversed"]);

/** An offer the player completed, as the wall lists it. */
export const CompletedOffer = z.object({
  id: z.string(),
  offerName: z.string(),
  /** Dollars the partner reported. */
  amount: z.number(),
  /** Dollars actually credited (less than `amount` once the daily cap is reached). */
  credited: z.number(),
  status: OfferStatus,
  createdAt: z.string(),
});
export type CompletedOffer = z.infer<typeof CompletedOffer>;

/** An offer shown on our own wall, for a partner that has no wall to frame (one running in this process). */
const WallOffer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars. */
  reward: z.number(),
});

export const OfferwallData = z.object({
  provider: z.enum(["sandbox", "ayet", "ironsource", "generic"]),
  /** The partner's wall for an iframe, carrying the player's signed id; null for a partner running here. */
  wallUrl: z.string().nullable(),
  /** The offers of a partner running here, shown on our own wall (empty with a partner's wall). */
  offers: z.array(WallOffer),
  credits: Credits,
  /** Dollars a player may earn in 24 hours, and what is left of it today. */
  dailyCap: z.number(),
  earnedToday: z.number(),
  completed: z.array(CompletedOffer),
});
export type OfferwallData = z.infer<typeof OfferwallData>;
