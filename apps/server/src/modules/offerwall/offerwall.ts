import type { CompletedOffer, OfferwallData } from "@mx/shared/schemas/offerwall";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { offerCompletions } from "../../db/schema/offerwall";
import type { AppDeps } from "../../deps";
import { creditsOf } from "./credits";
import { signedPlayerId } from "./providers";

/** A completed offer as the player sees it. */
export const presentCompletion = (row: typeof offerCompletions.$inferSelect): CompletedOffer => ({
  id: row.id,
  offerName: row.offerName,
  amount: row.amountCents / 100,
  credited: row.creditedCents / 100,
  status: row.status as CompletedOffer["status"],
  createdAt: row.createdAt.toISOString(),
});

/** What the /offerwall screen shows a player: their credits, the wall, and the offers they completed. */
export async function getOfferwall(deps: AppDeps, userId: string): Promise<OfferwallData> {
  const { config, db } = deps;
  const [credits, completed, [today]] = await Promise.all([
    creditsOf(db, config.offerwall.creditHoldHours, userId),
    db
      .select()
      .from(offerCompletions)
      .where(eq(offerCompletions.userId, userId))
      .orderBy(desc(offerCompletions.createdAt))
      .limit(50),
    db
      .select({ total: sql<string>`coalesce(sum(${offerCompletions.creditedCents}), 0)::bigint` })
      .from(offerCompletions)
      .where(
        and(
          eq(offerCompletions.userId, userId),
          gt(offerCompletions.creditedAt, new Date(Date.now() - 86_400_000)),
        ),
      ),
  ]);
  // A partner running here has no wall to frame: its offers are shown on ours.
  const partnerHere = deps.offerWallPartner;
  return {
    provider: config.offerwall.provider,
    wallUrl:
      !partnerHere && config.offerwall.wallUrl
        ? config.offerwall.wallUrl.replaceAll("{user}", encodeURIComponent(signedPlayerId(config, userId)))
        : null,
    offers: partnerHere
      ? partnerHere.offers.map(({ rewardCents, ...o }) => ({ ...o, reward: rewardCents / 100 }))
      : [],
    credits: {
      balance: credits.balanceCents / 100,
      usable: credits.usableCents / 100,
      debt: credits.debtCents / 100,
      usableFrom: credits.usableFrom?.toISOString() ?? null,
    },
    dailyCap: config.offerwall.dailyCapCents / 100,
    earnedToday: Number(today?.total ?? 0) / 100,
    completed: completed.map(presentCompletion),
  };
}
