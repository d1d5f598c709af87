import { GatewayRequestError } from "@mx/processors/gateway";
import { PAYPAL_BID_TTL_HOURS, PENDING_BID_TTL_DAYS } from "@mx/shared/constants";
import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { paymentIntents } from "../../db/schema/payments";
import type { BidRowStatus } from "../../db/schema/states";
import type { AppDeps } from "../../deps";
import { type ProcessorRequest, sendAndRecord } from "../money/operation";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { bidActivity } from "./bid-activity";
import type { BidRow, HeldBid } from "./bid-rows";

export const BID_TTL_MS = PENDING_BID_TTL_DAYS * 24 * 60 * 60_000;
/**
 * PayPal honours an authorization for 3 days; after that it must be re-authorized, which PayPal may refuse. A bid
 * held by PayPal therefore expires within those 3 days (an hour to spare), and its hold is never re-authorized.
 */
const PAYPAL_BID_TTL_MS = PAYPAL_BID_TTL_HOURS * 60 * 60_000;
export const bidTtlMs = (paymentMethodId: string) =>
  paymentMethodId === PAYPAL_METHOD ? PAYPAL_BID_TTL_MS : BID_TTL_MS;

/** Statuses whose card hold must be let go. */
export const RELEASED_STATUSES = [
  "rejected",
  "cancelled",
  "expired",
  "replaced",
  "released",
  "failed",
] as const satisfies readonly BidRowStatus[];

/** A bid closed one way or another, as its row stands: its hold is owed back while `hold_released_at` is empty. */
type ClosedBid = HeldBid & Pick<BidRow, "status" | "holdReleasedAt">;

/** The processor's answer to a cancellation: done, or refused (then its record of the intent says what that means). */
type Cancellation = { refused: GatewayRequestError | null };

/**
 * Letting a bid's hold go, as a processor request under the bid's key (money/operation.ts): the closed bid is the
 * committed row, the processor is asked to cancel its intent under `bid-release:<id>`, and the intent's row
 * (`canceled`) and the bid's `hold_released_at` are recorded in one transaction. It writes no journal: a hold moves
 * no ledger money (only its capture does, in the sale's journal). Crash points: `bid-release.reserved` and `.sent`.
 */
function holdRelease(deps: AppDeps): ProcessorRequest<ClosedBid, Cancellation> {
  const { db, gateway } = deps;
  return {
    name: "bid-release",
    reserved: (bid) =>
      (RELEASED_STATUSES as readonly BidRowStatus[]).includes(bid.status) && bid.holdReleasedAt === null,
    async send(bid) {
      if (!bid.paymentIntentId) return { refused: null };
      try {
        await gateway.cancelPaymentIntent({
          id: bid.paymentIntentId,
          idempotencyKey: `bid-release:${bid.id}`,
        });
        return { refused: null };
      } catch (error) {
        if (error instanceof GatewayRequestError) return { refused: error };
        throw error;
      }
    },
    async record(bid, { refused }) {
      // Refused: an intent already cancelled (or never confirmed) counts as released; one still held does not.
      if (refused && bid.paymentIntentId) {
        const intent = await gateway.retrievePaymentIntent(bid.paymentIntentId);
        if (intent.status === "requires_capture") throw refused;
      }
      const now = new Date();
      await db.transaction(async (tx) => {
        if (bid.paymentIntentId) {
          await tx
            .update(paymentIntents)
            .set({ status: "canceled", updatedAt: now })
            .where(
              and(eq(paymentIntents.id, bid.paymentIntentId), eq(paymentIntents.status, "requires_capture")),
            );
        }
        await tx
          .update(bids)
          .set({ holdReleasedAt: now, updatedAt: now })
          .where(and(eq(bids.id, bid.id), isNull(bids.holdReleasedAt)));
      });
    },
  };
}

/**
 * Lets a bid's card hold go (`holdRelease`). Safe to repeat: an intent already cancelled (or never confirmed) counts
 * as released, and a bid whose hold is let go already is left as it is. Throws the processor's refusal while the
 * intent still holds the money. A processor that does not answer leaves `hold_released_at` empty, and the
 * release-bid-holds job tries again later (false).
 */
export async function releaseHold(deps: AppDeps, bid: HeldBid): Promise<boolean> {
  const [row] = await deps.db
    .select({ status: bids.status, holdReleasedAt: bids.holdReleasedAt })
    .from(bids)
    .where(eq(bids.id, bid.id));
  if (!row) return true; // no such bid: no hold is owed
  const outcome = await sendAndRecord(holdRelease(deps), { ...bid, ...row });
  if ("failed" in outcome) {
    deps.log?.warn({ err: outcome.failed, bidId: bid.id }, "bid hold not released yet; will retry");
    return false;
  }
  return true;
}

/** Releases holds one by one; one that fails is logged and left for the next sweep. */
export async function releaseHolds(deps: AppDeps, held: HeldBid[]): Promise<void> {
  for (const bid of held) {
    try {
      await releaseHold(deps, bid);
    } catch (error) {
      deps.log?.warn({ err: error, bidId: bid.id }, "bid hold not released");
    }
  }
}

/** Pending bids older than 7 days expire (card authorisations do not last for ever); their holds are then owed. */
export async function expireBids(deps: AppDeps, now = new Date()): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(bids)
      .set({ status: "expired", decidedAt: now, updatedAt: now })
      .where(and(eq(bids.status, "pending"), lt(bids.expiresAt, now)))
      .returning({ id: bids.id });
    for (const row of rows) await bidActivity(tx, row.id, "expired");
    return rows;
  });
  return expired.length;
}

/** Bids closed one way or another whose card hold has not been let go yet. */
export async function findOwedHolds(deps: AppDeps, now = new Date()): Promise<HeldBid[]> {
  return deps.db
    .select({ id: bids.id, paymentIntentId: bids.paymentIntentId })
    .from(bids)
    .where(
      and(
        inArray(bids.status, [...RELEASED_STATUSES]),
        isNull(bids.holdReleasedAt),
        isNotNull(bids.createdAt),
        sql`${bids.updatedAt} <= ${now}`,
      ),
    )
    .limit(500);
}
