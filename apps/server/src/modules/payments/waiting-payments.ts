import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { queryRows } from "@mx/kit/sql";
import { MAX_WAITING_PAYMENTS, WAITING_PAYMENT_MINUTES } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { developments } from "../../db/schema/developments";
import { paymentHolds } from "../../db/schema/payment-holds";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { announceInvalidation } from "../events/publish";

export const WAITING_PAYMENT_MS = WAITING_PAYMENT_MINUTES * 60_000;

export const tooManyWaiting = () => new AppError("TOO_MANY_REQUESTS", errors.tooManyWaitingPayments);

/** The player's payments waiting for them now (purchases and bid holds), lapsed ones not counted. */
async function waitingPayments(q: Queryable, userId: string, now = new Date()): Promise<number> {
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

const DAY_MS = 24 * 3_600_000;

/** The refusal of one waiting payment more than a player may start in a day. */
const tooManyToday = (perDay: number) =>
  new AppError(
    "TOO_MANY_REQUESTS",
    `You have started ${perDay} payments that wait for your approval (PayPal or your bank) in the last 24 hours, as many as a day allows. Pay by a card that needs no approval, or try again tomorrow.`,
  );

/** How many payments the player has started waiting for them in the 24 hours before `now`. */
async function waitingStartedToday(q: Queryable, userId: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from payment_holds
        where user_id = ${userId} and started_at > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Refuses at once a payment that is sure to wait for the player (PayPal) when they have no place left for it: too
 * many waiting now, or as many started today as a day allows.
 */
export async function assertRoomToWait(deps: AppDeps, userId: string, now = new Date()): Promise<void> {
  if ((await waitingPayments(deps.db, userId, now)) >= MAX_WAITING_PAYMENTS) throw tooManyWaiting();
  const perDay = deps.config.holds.waitingPaymentsPerDay;
  if ((await waitingStartedToday(deps.db, userId, now)) >= perDay) throw tooManyToday(perDay);
}

/**
 * The refusal (409) of a purchase of a building whose hold the player let lapse lately: a purchase of theirs waited
 * for them (PayPal, the bank's check) and ended unpaid less than the cooldown ago; `again` is when the cooldown ends.
 * The purchase's reserving statement finds such a hold (properties/reserve-purchases.ts).
 */
export function lapsedHoldRefusal(again: Date): AppError {
  return new AppError(
    "CONFLICT",
    `Your hold on this building lapsed without payment, so you cannot hold it again until ${again.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
  );
}

/**
 * Gives a purchase or bid whose payment now waits for the player one of their places, for a fixed time from now
 * (asking again later never moves it), notes its intent, and keeps the hold (payment_holds). Under a per-player
 * lock, so requests at once cannot all take the last place. False when the player already has as many waiting as
 * they may, or the refusal when they have started as many today as a day allows: the caller then lets the payment
 * go.
 */
export async function holdForPlayer(
  deps: AppDeps,
  thing: { kind: "purchase" | "bid" | "development"; id: string; userId: string; intentId: string },
  now = new Date(),
): Promise<boolean | AppError> {
  return deps.db.transaction(async (tx) => {
    await lockKey(tx, `waiting-payments:${thing.userId}`);
    if ((await waitingPayments(tx, thing.userId, now)) >= MAX_WAITING_PAYMENTS) return false;
    const perDay = deps.config.holds.waitingPaymentsPerDay;
    if ((await waitingStartedToday(tx, thing.userId, now)) >= perDay) return tooManyToday(perDay);
    const awaitingUntil = new Date(now.getTime() + WAITING_PAYMENT_MS);
    let held: { buildingId: string }[];
    if (thing.kind === "purchase") {
      held = await tx
        .update(purchases)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(purchases.id, thing.id), eq(purchases.status, "pending")))
        .returning({ buildingId: purchases.buildingId });
    } else if (thing.kind === "development") {
      held = await tx
        .update(developments)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(developments.id, thing.id), eq(developments.state, "reserved")))
        .returning({ buildingId: developments.buildingId });
    } else {
      held = await tx
        .update(bids)
        .set({ paymentIntentId: thing.intentId, awaitingUntil })
        .where(and(eq(bids.id, thing.id), eq(bids.status, "holding")))
        .returning({ buildingId: bids.buildingId });
    }
    const [one] = held;
    // Every player sees the building held until then.
    if (one && thing.kind === "purchase") await announceInvalidation(tx, { building: one.buildingId });
    if (one) {
      await tx.insert(paymentHolds).values({
        userId: thing.userId,
        buildingId: one.buildingId,
        kind: thing.kind,
        thingId: thing.id,
        startedAt: now,
        until: awaitingUntil,
      });
    }
    return true;
  });
}
