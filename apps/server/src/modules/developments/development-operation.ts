import { lockKey } from "@mx/kit/locks";
import type { DevelopData } from "@mx/shared/schemas/developments";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type DevelopmentState, developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { playerDeleted } from "../buildings/lock-buildings";
import { ensureCustomer } from "../cards/cards";
import { accounts, postJournal } from "../ledger/ledger";
import { cancelIntent, chargeAsDescribed, findIntent } from "../money/intents";
import type { Resumable } from "../money/operation";
import { holdForPlayer } from "../payments/waiting-payments";
import { developSteps } from "./develop-steps";
import {
  chargeOf,
  type DevelopmentRow,
  developmentCharge,
  developmentChargeKey,
  developmentRefundKey,
} from "./development-rows";
import { developedOf } from "./present-development";

/** The develop operation's steps, for the skeleton in money/operation.ts. */
export function developmentOperation(
  deps: AppDeps,
  paymentMethodId: string | null,
): Resumable<DevelopmentRow, DevelopData> {
  const { gateway, db } = deps;
  return {
    name: "development",
    // Its settling statement writes payment_intent_id, and beginRefund does when it is refunded instead.
    settleNamesIntent: true,
    gateway,
    db,
    words: {
      processing:
        "Your payment is still being processed. Construction starts once it clears; if it does not, nothing is charged.",
    },
    chargeKey: (row) => developmentChargeKey(row.id),
    refundKey: (row) => developmentRefundKey(row.id),
    chargeCents: chargeOf,
    phase: (row) => (row.state === "reserved" ? "reserved" : row.state === "refunding" ? "refunding" : null),
    intentId: (row) => row.paymentIntentId,
    charge: async (row) =>
      chargeAsDescribed(
        gateway,
        row.customerId ?? (await ensureCustomer(deps, row.userId)),
        developmentCharge(row),
        paymentMethodId,
      ),
    async note(row, intent) {
      if (row.paymentIntentId === intent.id) return;
      await developSteps(deps).note(row, intent);
    },
    async awaitPlayer(row, intent) {
      row.paymentIntentId = intent.id;
      return holdForPlayer(deps, {
        kind: "development",
        id: row.id,
        userId: row.userId,
        intentId: intent.id,
      });
    },
    settle: (row, intent) => developSteps(deps).settle(row, intent),
    finished: (row) => developSteps(deps).finish(row),
    async settled(row) {
      const [now] = await db.select().from(developments).where(eq(developments.id, row.id));
      return now && (now.state === "constructing" || now.state === "completed")
        ? developedOf(deps, now)
        : null;
    },
    release: (row, failure) =>
      db.transaction(async (tx) => {
        if (!(await setState(tx, row, ["reserved"], "failed", { failure, awaitingUntil: null })))
          return false;
        await releaseCredits(tx, row);
        return true;
      }),
    beginRefund: (row, failure, intentId) =>
      setState(db, row, ["reserved", "refunding"], "refunding", {
        failure,
        ...(intentId ? { paymentIntentId: intentId } : {}),
      }),
    endRefund: (row, failure) =>
      db.transaction(async (tx) => {
        if (await setState(tx, row, ["refunding"], "refunded", { failure })) await releaseCredits(tx, row);
      }),
    find: (row) => findIntent(gateway, row.paymentIntentId, () => developmentCharge(row)),
    cancel: (intent) =>
      cancelIntent(gateway, intent, developmentChargeKey(intent.metadata.developmentId ?? intent.id)),
    playerGone: (row) => playerDeleted(db, row.userId),
  };
}

/** Sets a development's state from one of `from`, with what else is given; whether it did. */
async function setState(
  q: Tx | AppDeps["db"],
  row: DevelopmentRow,
  from: DevelopmentState[],
  to: DevelopmentState,
  extra: Partial<typeof developments.$inferSelect> = {},
): Promise<boolean> {
  const [done] = await q
    .update(developments)
    .set({ ...extra, state: to, updatedAt: new Date() })
    .where(and(eq(developments.id, row.id), inArray(developments.state, from)))
    .returning({ id: developments.id });
  return Boolean(done);
}

/** Gives back the credits a development held, once (the journal is keyed by the development). */
async function releaseCredits(tx: Tx, row: DevelopmentRow): Promise<void> {
  if (row.creditsCents <= 0) return;
  await lockKey(tx, `ledger:${accounts.credits(row.userId)}`);
  await postJournal(tx, {
    kind: "development-credits-release",
    reference: row.id,
    building: { id: row.buildingId },
    memo: `credits given back: development ${row.id} did not go through`,
    entries: [
      { account: accounts.creditsHeld, amountCents: -row.creditsCents },
      { account: accounts.credits(row.userId), amountCents: row.creditsCents },
    ],
  });
}
