import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { queryRows } from "@mx/kit/sql";
import { MAX_WAITING_PAYMENTS, WAITING_PAYMENT_MINUTES } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { developments } from "../../db/schema/developments";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";

export const WAITING_PAYMENT_MS = WAITING_PAYMENT_MINUTES * 60_000;

export const tooManyWaiting = () => new AppError("TOO_MANY_REQUESTS", errors.tooManyWaitingPayments);

/** The player's payments waiting for them now (purchases and bid holds), lapsed ones not counted. */
export async function waitingPayments(q: Queryable, userId: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`
    select ((select count(*) from purchases
             where user_id = ${userId} and status = 'pending' and awaiting_until > ${at}::timestamptz)
          + (select count(*) from bids
             where bidder_id = ${userId} and status = 'holding' and awaiting_until > ${at}::timestamptz)
          + (select count(*) from developments
             where user_id = ${userId} and state = 'reserved' and awaiting_until > ${at}::timestamptz))::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** Refuses at once a payment that is sure to wait for the player (PayPal) when they have no place left for it. */
export async function assertRoomToWait(deps: AppDeps, userId: string, now = new Date()): Promise<void> {
  if ((await waitingPayments(deps.db, userId, now)) >= MAX_WAITING_PAYMENTS) throw tooManyWaiting();
}

/**
 * Gives a purchase or bid whose payment now waits for the player one of their places, for a fixed time from now
 * (asking again later never moves it), and notes its intent. Under a per-player lock, so requests at once cannot
 * all take the last place. False when the player already has as many waiting as they may: the caller then lets the
 * payment go.
 */
export async function holdForPlayer(
  deps: AppDeps,
  thing: { kind: "purchase" | "bid" | "development"; id: string; userId: string; intentId: string },
  now = new Date(),
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockKey(tx, `waiting-payments:${thing.userId}`);
    if ((await waitingPayments(tx, thing.userId, now)) >= MAX_WAITING_PAYMENTS) return false;
    const awaitingUntil = new Date(now.getTime() + WAITING_PAYMENT_MS);
    if (thing.kind === "purchase") {
      await tx
        .update(purchases)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(purchases.id, thing.id), eq(purchases.status, "pending")));
    } else if (thing.kind === "development") {
      await tx
        .update(developments)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(developments.id, thing.id), eq(developments.state, "reserved")));
    } else {
      await tx
        .update(bids)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(bids.id, thing.id), eq(bids.status, "holding")));
    }
    return true;
  });
}
