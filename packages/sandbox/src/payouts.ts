import { GatewayRequestError } from "@mx/processors/gateway";
import type {
  GatewayPayout,
  GatewayPayoutStatus,
  PayoutGateway,
  PayoutMethod,
} from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import { and, eq } from "drizzle-orm";
import { creditSandboxCard } from "./card-credits";
import type { Db } from "./db";
import { account, card, type ExternalRow, sandboxPayoutCards, sandboxPayoutMethods } from "./payout-cards";
import { sandboxExternalAccounts, sandboxPayouts } from "./schema";
import { sandboxId } from "./tokens";

export { STRIPE_COLLECTED_ACCOUNT_REFUSAL } from "./payout-cards";

/** How long a standard payout stays pending before it lands (Stripe's take days; the sandbox half a minute). */
const SANDBOX_STANDARD_PAYOUT_DELAY_MS = 30_000;

/** What the sandbox says when a payout to the failing test card (4000 0000 0000 5126) is refused. */
const SANDBOX_PAYOUT_FAILURE = {
  code: "could_not_process",
  message: "The bank could not process this payout.",
} as const;

type PayoutRow = typeof sandboxPayouts.$inferSelect;

function presentPayout(row: PayoutRow): GatewayPayout {
  return {
    id: row.id,
    accountId: row.accountId,
    amountCents: row.amountCents,
    currency: row.currency,
    method: row.method as PayoutMethod,
    status: row.status as GatewayPayoutStatus,
    destination: row.destination,
    arrivalAt: row.arrivalAt,
    failureMessage: row.failureMessage,
    reference: row.reference,
  };
}

/**
 * The sandbox's payout side, kept in our database like the rest of the sandbox: debit cards on connected accounts,
 * payouts (standard: pending, then paid once their arrival time has passed and someone reads them; instant: paid
 * at once), and credits back to buying cards. The test card 4000 0000 0000 5126 is a debit card every payout to
 * which fails; credit and prepaid cards cannot be added at all, as with Stripe.
 */
export function createSandboxPayouts(db: Db, options: { standardDelayMs?: number } = {}): PayoutGateway {
  const standardDelayMs = options.standardDelayMs ?? SANDBOX_STANDARD_PAYOUT_DELAY_MS;

  return {
    ...sandboxPayoutCards(db),
    async createPayout(input) {
      const [existing] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, input.idempotencyKey));
      if (existing) return presentPayout(await settle(db, existing));
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new GatewayRequestError("amount_too_small", "The payout amount must be at least 1 cent.");
      }
      const destination = await payoutDestination(db, input);
      const now = new Date();
      const instant = input.method === "instant";
      const fails = instant && destination?.behaviour === "payout_fails";
      const [row] = await db
        .insert(sandboxPayouts)
        .values({
          id: sandboxId("po"),
          accountId: input.accountId,
          amountCents: input.amountCents,
          currency: input.currency,
          method: input.method,
          destination: destination?.id ?? null,
          status: instant ? (fails ? "failed" : "paid") : "pending",
          failureCode: fails ? SANDBOX_PAYOUT_FAILURE.code : null,
          failureMessage: fails ? SANDBOX_PAYOUT_FAILURE.message : null,
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
          arrivalAt: instant ? now : new Date(now.getTime() + standardDelayMs),
        })
        .onConflictDoNothing({ target: sandboxPayouts.idempotencyKey })
        .returning();
      if (row) return presentPayout(row);
      // The same key at the same moment: the first one's payout.
      const [first] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, input.idempotencyKey));
      if (!first) throw new Error("payout vanished");
      return presentPayout(first);
    },

    async retrievePayout({ accountId, payoutId }) {
      const [row] = await db
        .select()
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.id, payoutId), eq(sandboxPayouts.accountId, accountId)));
      if (!row) throw new GatewayRequestError("resource_missing", `No such payout: '${payoutId}'`, 404);
      return presentPayout(await settle(db, row));
    },

    creditCard: (input) => creditSandboxCard(db, input),

    async reclaimFailedPayout({ accountId, payoutId }) {
      // The sandbox keeps no balance on connected accounts: a failed payout's money never left the platform.
      const [row] = await db
        .select({ status: sandboxPayouts.status })
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.id, payoutId), eq(sandboxPayouts.accountId, accountId)));
      if (!row) throw new GatewayRequestError("resource_missing", `No such payout: '${payoutId}'`, 404);
    },
  };
}

/**
 * Where a payout goes, once the account may take payouts: the card named, or the account's default one; an instant
 * payout needs an eligible debit card. Refused in Stripe's words otherwise.
 */
async function payoutDestination(
  db: Db,
  input: Parameters<PayoutGateway["createPayout"]>[0],
): Promise<ExternalRow | null> {
  const acct = await account(db, input.accountId);
  if (!acct.detailsSubmittedAt) {
    throw new GatewayRequestError(
      "payouts_not_allowed",
      "Payouts are not enabled on this account: its onboarding is not complete.",
    );
  }
  if (acct.pastDue.length > 0) {
    throw new GatewayRequestError(
      "payouts_not_allowed",
      "Payouts are not enabled on this account: it has requirements past due.",
    );
  }
  let destination: ExternalRow | null = null;
  if (input.destination) {
    destination = await card(db, input.accountId, input.destination);
  } else {
    const [fallback] = await db
      .select()
      .from(sandboxExternalAccounts)
      .where(
        and(
          eq(sandboxExternalAccounts.accountId, input.accountId),
          eq(sandboxExternalAccounts.defaultForCurrency, true),
        ),
      );
    destination = fallback ?? null;
  }
  if (input.method === "instant" && !destination) {
    throw new GatewayRequestError(
      "instant_payouts_unsupported",
      "Instant payouts need a debit card as the destination.",
    );
  }
  if (input.method === "instant" && destination?.funding !== "debit") {
    throw new GatewayRequestError("invalid_card_type", serverMessages.payoutCardNotDebit);
  }
  if (
    input.method === "instant" &&
    destination &&
    !sandboxPayoutMethods(destination.brand).includes("instant")
  ) {
    throw new GatewayRequestError(
      "instant_payouts_unsupported",
      "This card is not eligible for Instant Payouts. Try a debit card from a supported bank.",
    );
  }
  return destination;
}

/** A pending payout whose arrival time has passed lands now: paid, or failed for the failing test card. */
async function settle(db: Db, row: PayoutRow, now = new Date()): Promise<PayoutRow> {
  if (row.status !== "pending" || row.arrivalAt > now) return row;
  // A card removed since still gets what was sent to it; only the failing test card refuses.
  const [destination] = row.destination
    ? await db
        .select({ behaviour: sandboxExternalAccounts.behaviour })
        .from(sandboxExternalAccounts)
        .where(eq(sandboxExternalAccounts.id, row.destination))
    : [];
  const fails = destination?.behaviour === "payout_fails";
  const [updated] = await db
    .update(sandboxPayouts)
    .set(
      fails
        ? {
            status: "failed",
            failureCode: SANDBOX_PAYOUT_FAILURE.code,
            failureMessage: SANDBOX_PAYOUT_FAILURE.message,
            updatedAt: now,
          }
        : { status: "paid", updatedAt: now },
    )
    .where(and(eq(sandboxPayouts.id, row.id), eq(sandboxPayouts.status, "pending")))
    .returning();
  if (updated) return updated;
  const [current] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, row.id));
  return current ?? row;
}
