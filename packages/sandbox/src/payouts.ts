import { randomBytes } from "node:crypto";
import { lockKey } from "@mx/kit/locks";
import { type CardBrand, GatewayRequestError } from "@mx/processors/gateway";
import type {
  GatewayExternalAccount,
  GatewayPayout,
  GatewayPayoutStatus,
  PayoutGateway,
  PayoutMethod,
} from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "./db";
import {
  sandboxAccounts,
  sandboxCardCredits,
  sandboxExternalAccounts,
  sandboxPaymentMethods,
  sandboxPayouts,
} from "./schema";
import { cardRefusal, takeSandboxToken } from "./tokens";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** How long a standard payout stays pending before it lands (Stripe's take days; the sandbox half a minute). */
const SANDBOX_STANDARD_PAYOUT_DELAY_MS = 30_000;

/** What the sandbox says when a payout to the failing test card (4000 0000 0000 5126) is refused. */
const SANDBOX_PAYOUT_FAILURE = {
  code: "could_not_process",
  message: "The bank could not process this payout.",
} as const;

/**
 * What Stripe answers a change to the payout cards of an account whose requirements Stripe collects (Express-like):
 * its API reference allows external-account cards only on accounts where the platform collects them.
 */
export const STRIPE_COLLECTED_ACCOUNT_REFUSAL = {
  code: "external_account_not_allowed",
  message:
    "You can only create, update or delete external accounts on connected accounts where `controller.requirement_collection` is `application` (which includes Custom accounts).",
} as const;

/**
 * Which payouts a debit card can take, as Stripe's `available_payout_methods` says: instant payouts go to Visa and
 * Mastercard debit cards; the sandbox's Discover debit card (6011 9811 1111 1113) takes standard payouts only.
 */
function sandboxPayoutMethods(brand: string): PayoutMethod[] {
  return brand === "visa" || brand === "mastercard" ? ["standard", "instant"] : ["standard"];
}

type ExternalRow = typeof sandboxExternalAccounts.$inferSelect;
type PayoutRow = typeof sandboxPayouts.$inferSelect;

function presentCard(row: ExternalRow): GatewayExternalAccount {
  return {
    id: row.id,
    accountId: row.accountId,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    funding: row.funding,
    isDefault: row.defaultForCurrency,
    availablePayoutMethods: sandboxPayoutMethods(row.brand),
  };
}

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

const missingCard = (externalAccountId: string) =>
  new GatewayRequestError("resource_missing", `No such external account: '${externalAccountId}'`, 404);

/**
 * The sandbox's payout side, kept in our database like the rest of the sandbox: debit cards on connected accounts,
 * payouts (standard: pending, then paid once their arrival time has passed and someone reads them; instant: paid
 * at once), and credits back to buying cards. The test card 4000 0000 0000 5126 is a debit card every payout to
 * which fails; credit and prepaid cards cannot be added at all, as with Stripe.
 */
export function createSandboxPayouts(db: Db, options: { standardDelayMs?: number } = {}): PayoutGateway {
  const standardDelayMs = options.standardDelayMs ?? SANDBOX_STANDARD_PAYOUT_DELAY_MS;

  async function account(accountId: string) {
    const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    if (!row) throw new GatewayRequestError("resource_missing", `No such account: '${accountId}'`, 404);
    return row;
  }

  /** An account whose payout cards the platform may change: one whose requirements it collects. */
  async function managedAccount(accountId: string) {
    const row = await account(accountId);
    if (row.requirementCollection !== "application") {
      throw new GatewayRequestError(
        STRIPE_COLLECTED_ACCOUNT_REFUSAL.code,
        STRIPE_COLLECTED_ACCOUNT_REFUSAL.message,
      );
    }
    return row;
  }

  /** The account's payout card, read in `q` (the transaction, where there is one). */
  async function card(accountId: string, externalAccountId: string, q: Queryable = db): Promise<ExternalRow> {
    const [row] = await q
      .select()
      .from(sandboxExternalAccounts)
      .where(
        and(
          eq(sandboxExternalAccounts.id, externalAccountId),
          eq(sandboxExternalAccounts.accountId, accountId),
        ),
      );
    if (!row) throw missingCard(externalAccountId);
    return row;
  }

  /** A pending payout whose arrival time has passed lands now: paid, or failed for the failing test card. */
  async function settle(row: PayoutRow, now = new Date()): Promise<PayoutRow> {
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

  return {
    async createExternalAccount({ accountId, token, isDefault }) {
      await managedAccount(accountId);
      const tok = await takeSandboxToken(db, token);
      const refusal = cardRefusal(tok.behaviour);
      if (refusal) throw refusal;
      if (tok.funding !== "debit") {
        throw new GatewayRequestError("invalid_card_type", serverMessages.payoutCardNotDebit);
      }
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `sandbox-external-accounts:${accountId}`);
        const [current] = await tx
          .select({ id: sandboxExternalAccounts.id })
          .from(sandboxExternalAccounts)
          .where(
            and(
              eq(sandboxExternalAccounts.accountId, accountId),
              eq(sandboxExternalAccounts.defaultForCurrency, true),
            ),
          );
        const makeDefault = isDefault === true || !current;
        if (makeDefault && current) {
          await tx
            .update(sandboxExternalAccounts)
            .set({ defaultForCurrency: false })
            .where(eq(sandboxExternalAccounts.accountId, accountId));
        }
        const [inserted] = await tx
          .insert(sandboxExternalAccounts)
          .values({
            id: id("card"),
            accountId,
            brand: tok.brand,
            last4: tok.last4,
            expMonth: tok.expMonth,
            expYear: tok.expYear,
            funding: tok.funding,
            behaviour: tok.behaviour,
            defaultForCurrency: makeDefault,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error("insert returned nothing");
      return presentCard(row);
    },

    async listExternalAccounts(accountId) {
      await account(accountId);
      const rows = await db
        .select()
        .from(sandboxExternalAccounts)
        .where(eq(sandboxExternalAccounts.accountId, accountId))
        .orderBy(desc(sandboxExternalAccounts.createdAt), sandboxExternalAccounts.id);
      return rows.map(presentCard);
    },

    async setDefaultExternalAccount({ accountId, externalAccountId }) {
      await managedAccount(accountId);
      await card(accountId, externalAccountId);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `sandbox-external-accounts:${accountId}`);
        await tx
          .update(sandboxExternalAccounts)
          .set({ defaultForCurrency: false })
          .where(eq(sandboxExternalAccounts.accountId, accountId));
        const [updated] = await tx
          .update(sandboxExternalAccounts)
          .set({ defaultForCurrency: true })
          .where(eq(sandboxExternalAccounts.id, externalAccountId))
          .returning();
        return updated;
      });
      if (!row) throw missingCard(externalAccountId);
      return presentCard(row);
    },

    async deleteExternalAccount({ accountId, externalAccountId }) {
      await managedAccount(accountId);
      await db.transaction(async (tx) => {
        await lockKey(tx, `sandbox-external-accounts:${accountId}`);
        const row = await card(accountId, externalAccountId, tx);
        if (row.defaultForCurrency) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(sandboxExternalAccounts)
            .where(eq(sandboxExternalAccounts.accountId, accountId));
          if ((others?.n ?? 0) > 1) {
            throw new GatewayRequestError(
              "default_external_account_deletion",
              "You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.",
            );
          }
        }
        await tx.delete(sandboxExternalAccounts).where(eq(sandboxExternalAccounts.id, externalAccountId));
      });
    },

    async createPayout(input) {
      const [existing] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, input.idempotencyKey));
      if (existing) return presentPayout(await settle(existing));
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new GatewayRequestError("amount_too_small", "The payout amount must be at least 1 cent.");
      }
      const acct = await account(input.accountId);
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
        destination = await card(input.accountId, input.destination);
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
      const now = new Date();
      const instant = input.method === "instant";
      const fails = instant && destination?.behaviour === "payout_fails";
      const [row] = await db
        .insert(sandboxPayouts)
        .values({
          id: id("po"),
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
      return presentPayout(await settle(row));
    },

    async reclaimFailedPayout({ accountId, payoutId }) {
      // The sandbox keeps no balance on connected accounts: a failed payout's money never left the platform.
      const [row] = await db
        .select({ status: sandboxPayouts.status })
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.id, payoutId), eq(sandboxPayouts.accountId, accountId)));
      if (!row) throw new GatewayRequestError("resource_missing", `No such payout: '${payoutId}'`, 404);
    },

    async creditCard(input) {
      const [existing] = await db
        .select({ id: sandboxCardCredits.id })
        .from(sandboxCardCredits)
        .where(eq(sandboxCardCredits.idempotencyKey, input.idempotencyKey));
      if (existing) return existing;
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new GatewayRequestError("amount_too_small", "The refund must be at least 1 cent.");
      }
      const [pm] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
      if (!pm || pm.customerId !== input.customerId) {
        throw new GatewayRequestError(
          "resource_missing",
          `No such PaymentMethod: '${input.paymentMethodId}'`,
          404,
        );
      }
      const credit = {
        id: id("re"),
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        amountCents: input.amountCents,
        currency: input.currency,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
      };
      const [row] = await db
        .insert(sandboxCardCredits)
        .values(credit)
        .onConflictDoNothing({ target: sandboxCardCredits.idempotencyKey })
        .returning({ id: sandboxCardCredits.id });
      if (row) return row;
      const [first] = await db
        .select({ id: sandboxCardCredits.id })
        .from(sandboxCardCredits)
        .where(eq(sandboxCardCredits.idempotencyKey, input.idempotencyKey));
      if (!first) throw new Error("card credit vanished");
      return first;
    },
  };
}
