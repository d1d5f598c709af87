import type { CompletedOffer, OfferwallData, SandboxOffer } from "@mx/shared/schemas/offerwall";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { offerCompletions } from "../../db/schema/offerwall";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/secrets";
import { deliverSoon } from "../outbox/deliver";
import { queuePostback } from "../outbox/queue-message";
import { creditsOf } from "./credits";
import { SANDBOX_PARAMS, sandboxSecret, sandboxWallAllowed, signedPlayerId, signGeneric } from "./providers";

/** The sandbox wall's sample offers (rewards in cents). */
export const SANDBOX_OFFERS: readonly (Omit<SandboxOffer, "reward"> & { rewardCents: number })[] = [
  {
    id: "survey-parks",
    name: "City parks survey",
    description: "Answer 12 questions about the parks you visit.",
    rewardCents: 250,
  },
  {
    id: "puzzle-level-5",
    name: "Reach level 5 in a puzzle game",
    description: "Install a partner's puzzle game and clear its first five levels.",
    rewardCents: 1200,
  },
  {
    id: "newsletter",
    name: "Subscribe to a transit newsletter",
    description: "Sign up with your e-mail address and confirm it.",
    rewardCents: 75,
  },
  {
    id: "streaming-trial",
    name: "Start a streaming trial",
    description: "Start a 7-day free trial of a partner's music service.",
    rewardCents: 3000,
  },
];

const presentCompletion = (row: typeof offerCompletions.$inferSelect): CompletedOffer => ({
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
  const sandbox = sandboxWallAllowed(config);
  return {
    provider: config.offerwall.provider,
    wallUrl:
      !sandbox && config.offerwall.wallUrl
        ? config.offerwall.wallUrl.replaceAll("{user}", encodeURIComponent(signedPlayerId(config, userId)))
        : null,
    offers: sandbox
      ? SANDBOX_OFFERS.map(({ rewardCents, ...o }) => ({ ...o, reward: rewardCents / 100 }))
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

/** The sandbox partner's postback endpoint on this server. */
const SANDBOX_POSTBACK_PATH = "/api/v1/offerwall/postback/sandbox";

/** Where this server answers, for the sandbox's postback to itself. */
export type SelfAddress = () => string;

/**
 * The sandbox wall: the player "completes" a sample offer; it is recorded as pending, and after a short delay the
 * sandbox partner calls our postback endpoint over HTTP with a signed request, as a real partner would. The call
 * waits in the outbox, and is tried again while this server answers with an error or not at all. The player sees
 * the offer pending until then. Off production only.
 */
export async function completeSandboxOffer(
  deps: AppDeps,
  userId: string,
  offerId: string,
  selfAddress: SelfAddress,
): Promise<CompletedOffer> {
  const { config, db } = deps;
  if (!sandboxWallAllowed(config))
    throw new AppError("NOT_FOUND", "The sandbox offer wall is not available.");
  const offer = SANDBOX_OFFERS.find((o) => o.id === offerId);
  if (!offer) throw new AppError("NOT_FOUND", `No sandbox offer ${offerId}.`);
  const transactionId = `sbx_${newId()}`;
  const params = signGeneric(
    {
      [SANDBOX_PARAMS.user]: signedPlayerId(config, userId),
      [SANDBOX_PARAMS.amount]: String(offer.rewardCents),
      [SANDBOX_PARAMS.transaction]: transactionId,
      [SANDBOX_PARAMS.offer]: offer.name,
      [SANDBOX_PARAMS.timestamp]: String(Math.floor(Date.now() / 1000)),
    },
    sandboxSecret(config),
  );
  // The completion and its postback are written together; the postback waits in the outbox for its time, so a
  // restart in between loses neither.
  const { row, postback } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(offerCompletions)
      .values({
        id: newId(),
        provider: "sandbox",
        transactionId,
        userId,
        offerName: offer.name,
        amountCents: offer.rewardCents,
        status: "pending",
      })
      .returning();
    if (!inserted) throw new Error("the sandbox offer was not recorded");
    const queued = await queuePostback(
      tx,
      { base: selfAddress(), path: SANDBOX_POSTBACK_PATH, params },
      config.offerwall.sandboxDelayMs,
    );
    return { row: inserted, postback: queued };
  });
  deliverSoon(deps, postback);
  return presentCompletion(row);
}
