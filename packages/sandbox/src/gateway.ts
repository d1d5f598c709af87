import { randomBytes } from "node:crypto";
import { Batcher, failed, type Outcome, settleEach, succeeded } from "@mx/kit/batcher";
import {
  type CardBrand,
  CardError,
  type CreateIntentInput,
  type GatewayCard,
  type GatewayIntent,
  GatewayRequestError,
  type IntentStatus,
  type PaymentGateway,
} from "@mx/processors/gateway";
import { MAX_CHARGE_CENTS } from "@mx/shared/constants";
import { and, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { createSandboxCheckout } from "./checkout";
import type { Db } from "./db";
import { createSandboxPayouts } from "./payouts";
import {
  sandboxAccounts,
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxTokens,
} from "./schema";
import { brandOf, CARD_MESSAGES, luhnValid, testCard } from "./test-cards";
import { cardRefusal, chargeRefusal, takeSandboxToken } from "./tokens";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

function present(row: IntentRow): GatewayIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    capturedCents: row.capturedCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    captureMethod: row.captureMethod as "automatic" | "manual",
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
    nextActionUrl: row.status === "requires_action" ? `/sandbox/challenge/${row.id}` : null,
  };
}

/** The status a confirmed intent takes with a card: the bank's check first for Stripe's authentication cards. */
function confirmedStatus(behaviour: string, captureMethod: string): IntentStatus {
  if (behaviour === "authenticate") return "requires_action";
  return captureMethod === "manual" ? "requires_capture" : "succeeded";
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure page: the player completes or fails the check. Completed, the
 * intent is charged (or authorised, for a hold); failed, it waits for another payment method, as Stripe's does.
 */
export async function completeSandboxChallenge(
  db: Db,
  intentId: string,
  outcome: "complete" | "fail",
): Promise<GatewayIntent> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
  if (!row) throw new GatewayRequestError("resource_missing", `No such payment_intent: '${intentId}'`, 404);
  if (row.status !== "requires_action") return present(row);
  const manual = row.captureMethod === "manual";
  const status: IntentStatus =
    outcome === "fail" ? "requires_payment_method" : manual ? "requires_capture" : "succeeded";
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ status, capturedCents: status === "succeeded" ? row.amountCents : 0, updatedAt: new Date() })
    .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, "requires_action")))
    .returning();
  return present(updated ?? row);
}

/**
 * Tokenises a card the way Stripe.js does: the number, expiry and CVC are checked here and only here; what is kept
 * is the brand, the last four digits, the expiry and how the test card behaves.
 */
export async function createSandboxToken(
  db: Db,
  card: { number: string; expMonth: number; expYear: number; cvc: string; name?: string },
  now = new Date(),
): Promise<{ id: string; card: { brand: CardBrand; last4: string; expMonth: number; expYear: number } }> {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw new CardError("incorrect_number", CARD_MESSAGES.incorrect_number);
  }
  if (card.expMonth < 1 || card.expMonth > 12) {
    throw new CardError("invalid_expiry_month", CARD_MESSAGES.invalid_expiry_month);
  }
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (expYear > now.getUTCFullYear() + 50 || expYear < 2000) {
    throw new CardError("invalid_expiry_year", CARD_MESSAGES.invalid_expiry_year);
  }
  if (
    expYear < now.getUTCFullYear() ||
    (expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    throw new CardError("expired_card", CARD_MESSAGES.expired_card);
  }
  const brand = brandOf(digits);
  if (!new RegExp(brand === "amex" ? "^\\d{4}$" : "^\\d{3}$").test(card.cvc)) {
    throw new CardError("invalid_cvc", CARD_MESSAGES.invalid_cvc);
  }
  const { behaviour, funding, isTestCard } = testCard(digits);
  const token = {
    id: id("tok"),
    brand,
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear,
    name: card.name?.trim() || null,
    funding,
    behaviour: isTestCard ? behaviour : "live_card",
  };
  await db.insert(sandboxTokens).values(token);
  return { id: token.id, card: { brand, last4: token.last4, expMonth: token.expMonth, expYear } };
}

/** Stripe's test mode, in-process and in our database. No network, no keys. */
export function createSandboxGateway(db: Db, publicUrl = "http://localhost:3000"): PaymentGateway {
  async function intentRow(intentId: string): Promise<IntentRow> {
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
    if (!row) throw new GatewayRequestError("resource_missing", `No such payment_intent: '${intentId}'`, 404);
    return row;
  }

  async function paymentMethod(pmId: string, customerId: string | null) {
    const [pm] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, pmId));
    if (!pm) throw new GatewayRequestError("resource_missing", `No such PaymentMethod: '${pmId}'`, 404);
    if (customerId && pm.customerId !== customerId) {
      throw new GatewayRequestError(
        "payment_method_not_attached",
        `The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`,
      );
    }
    return pm;
  }

  /** Charges or authorises: a refused card leaves the intent waiting for another payment method. */
  async function confirm(row: IntentRow, pmId: string): Promise<GatewayIntent> {
    if (!["requires_payment_method", "requires_confirmation"].includes(row.status)) {
      throw new GatewayRequestError(
        "payment_intent_unexpected_state",
        `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
      );
    }
    const pm = await paymentMethod(pmId, row.customerId);
    const refusal = chargeRefusal(pm.behaviour);
    if (refusal) {
      await db
        .update(sandboxPaymentIntents)
        .set({ status: "requires_payment_method", paymentMethodId: pmId, updatedAt: new Date() })
        .where(eq(sandboxPaymentIntents.id, row.id));
      throw refusal;
    }
    const status = confirmedStatus(pm.behaviour, row.captureMethod);
    const [updated] = await db
      .update(sandboxPaymentIntents)
      .set({
        status,
        capturedCents: status === "succeeded" ? row.amountCents : 0,
        paymentMethodId: pmId,
        updatedAt: new Date(),
      })
      .where(and(eq(sandboxPaymentIntents.id, row.id), eq(sandboxPaymentIntents.status, row.status)))
      .returning();
    if (!updated) {
      // Another confirm of the same intent got there first: one payment is confirmed once.
      const now = await intentRow(row.id);
      throw new GatewayRequestError(
        "payment_intent_unexpected_state",
        `You cannot confirm this PaymentIntent because it has a status of ${now.status}.`,
      );
    }
    return present(updated);
  }

  /**
   * Creates intents; with a card, already confirmed (charged, or authorised for manual capture). Intents asked for
   * at the same moment are written together: one read of their cards and one insert, as a busy checkout needs.
   */
  async function createIntents(inputs: CreateIntentInput[]): Promise<Outcome<GatewayIntent>[]> {
    const pmIds = [...new Set(inputs.flatMap((i) => (i.paymentMethodId ? [i.paymentMethodId] : [])))];
    const pms = new Map(
      pmIds.length === 0
        ? []
        : (await db.select().from(sandboxPaymentMethods).where(inArray(sandboxPaymentMethods.id, pmIds))).map(
            (pm) => [pm.id, pm],
          ),
    );
    const planned = inputs.map((input) => {
      const pm = input.paymentMethodId ? pms.get(input.paymentMethodId) : null;
      if (input.paymentMethodId && !pm) {
        return failed(
          new GatewayRequestError(
            "resource_missing",
            `No such PaymentMethod: '${input.paymentMethodId}'`,
            404,
          ),
        );
      }
      if (pm && input.customerId && pm.customerId !== input.customerId) {
        return failed(
          new GatewayRequestError(
            "payment_method_not_attached",
            `The PaymentMethod ${pm.id} does not belong to the Customer ${input.customerId}.`,
          ),
        );
      }
      const refusal = pm ? chargeRefusal(pm.behaviour) : null;
      const status =
        !pm || refusal ? "requires_payment_method" : confirmedStatus(pm.behaviour, input.captureMethod);
      const intentId = id("pi");
      return succeeded({
        refusal,
        row: {
          id: intentId,
          clientSecret: `${intentId}_secret_${randomBytes(12).toString("base64url")}`,
          amountCents: input.amountCents,
          capturedCents: status === "succeeded" ? input.amountCents : 0,
          currency: input.currency,
          captureMethod: input.captureMethod,
          status,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId ?? null,
          // As with Stripe, the operation's key is also kept where it can be searched for (see findPaymentIntent).
          metadata: {
            ...(input.metadata ?? {}),
            ...(input.idempotencyKey ? { operation: input.idempotencyKey } : {}),
          },
          idempotencyKey: input.idempotencyKey ?? null,
        },
      });
    });
    const rows = planned.flatMap((p) => (p.ok ? [p.value.row] : []));
    const written = new Map(
      rows.length === 0
        ? []
        : (
            await db
              .insert(sandboxPaymentIntents)
              .values(rows)
              .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
              .returning()
          ).map((row) => [row.id, row]),
    );
    // From here on nothing may throw: the intents are written, and a batch that throws is run again.
    return settleEach(planned, async (p) => {
      if (!p.ok) throw p.error;
      const row = written.get(p.value.row.id);
      if (!row) {
        // The same idempotency key again: the first intent, as it stands now.
        const [existing] = await db
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.idempotencyKey, p.value.row.idempotencyKey ?? ""));
        if (!existing) throw new Error("idempotent intent vanished");
        return present(existing);
      }
      if (p.value.refusal) throw p.value.refusal;
      return present(row);
    });
  }
  const newIntents = new Batcher(createIntents, { maxSize: 200, maxRunning: 1, retryAlone: true });

  return {
    kind: "sandbox",
    publishableKey: null,
    ...createSandboxCheckout(db),
    ...createSandboxPayouts(db),

    async createCustomer({ email, name, userId }) {
      const customer = { id: id("cus"), email, name, userId };
      await db.insert(sandboxCustomers).values(customer);
      return { id: customer.id };
    },

    async attachCard({ customerId, token }): Promise<GatewayCard> {
      const tok = await takeSandboxToken(db, token);
      const refusal = cardRefusal(tok.behaviour);
      if (refusal) throw refusal;
      const pm = {
        id: id("pm"),
        customerId,
        brand: tok.brand,
        last4: tok.last4,
        expMonth: tok.expMonth,
        expYear: tok.expYear,
        name: tok.name,
        funding: tok.funding,
        behaviour: tok.behaviour,
      };
      await db.insert(sandboxPaymentMethods).values(pm);
      return {
        id: pm.id,
        brand: pm.brand as CardBrand,
        last4: pm.last4,
        expMonth: pm.expMonth,
        expYear: pm.expYear,
        name: pm.name,
        funding: pm.funding,
      };
    },

    async detachCard({ customerId, paymentMethodId }) {
      await paymentMethod(paymentMethodId, customerId);
      await db
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    },

    async createPaymentIntent(input: CreateIntentInput) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50) {
        throw new GatewayRequestError("amount_too_small", "Amount must be at least $0.50 usd");
      }
      if (input.amountCents > MAX_CHARGE_CENTS) {
        throw new GatewayRequestError("amount_too_large", "Amount must be no more than $999,999.99");
      }
      return newIntents.load(input);
    },

    async confirmPaymentIntent({ id: intentId, paymentMethodId }) {
      return confirm(await intentRow(intentId), paymentMethodId);
    },

    async retrievePaymentIntent(intentId) {
      return present(await intentRow(intentId));
    },

    async findPaymentIntent({ operation }) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          or(
            eq(sandboxPaymentIntents.idempotencyKey, operation),
            sql`${sandboxPaymentIntents.metadata}->>'operation' = ${operation}`,
          ),
        )
        .limit(1);
      return row ? present(row) : null;
    },

    async listPaymentIntents({ createdFrom, createdTo }) {
      const rows = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            gte(sandboxPaymentIntents.createdAt, createdFrom),
            lte(sandboxPaymentIntents.createdAt, createdTo),
          ),
        )
        .orderBy(sandboxPaymentIntents.createdAt);
      return rows.map(present);
    },

    async capturePaymentIntent({ id: intentId, amountCents, idempotencyKey }) {
      const row = await intentRow(intentId);
      // As Stripe: a repeat of the same capture (same key) answers as the first did; any other capture of a
      // captured intent is refused.
      if (row.status === "succeeded" && idempotencyKey && row.captureKey === idempotencyKey)
        return present(row);
      const amount = amountCents ?? row.amountCents;
      if (row.status !== "requires_capture") {
        throw new GatewayRequestError(
          "payment_intent_unexpected_state",
          `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      if (!Number.isInteger(amount) || amount <= 0 || amount > row.amountCents) {
        throw new GatewayRequestError(
          "amount_too_large",
          "The amount to capture is more than the authorised amount.",
        );
      }
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({
          status: "succeeded",
          capturedCents: amount,
          captureKey: idempotencyKey ?? null,
          updatedAt: new Date(),
        })
        .where(
          and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, "requires_capture")),
        )
        .returning();
      return present(updated ?? (await intentRow(intentId)));
    },

    async cancelPaymentIntent({ id: intentId }) {
      const row = await intentRow(intentId);
      if (row.status === "canceled") return present(row);
      if (row.status === "succeeded" || row.status === "processing") {
        throw new GatewayRequestError(
          "payment_intent_unexpected_state",
          `You cannot cancel this PaymentIntent because it has a status of ${row.status}.`,
        );
      }
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, row.status)))
        .returning();
      return present(updated ?? (await intentRow(intentId)));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      if (idempotencyKey) {
        const [existing] = await db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (existing) {
          return { id: existing.id, paymentIntentId, amountCents: existing.amountCents, status: "succeeded" };
        }
      }
      const row = await intentRow(paymentIntentId);
      if (row.status !== "succeeded") {
        throw new GatewayRequestError(
          "charge_not_captured",
          "This PaymentIntent has no captured charge to refund.",
        );
      }
      const amount = amountCents ?? row.capturedCents - row.refundedCents;
      // Atomic: two refunds at once can never return more than was captured.
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({
          refundedCents: sql`${sandboxPaymentIntents.refundedCents} + ${amount}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(sandboxPaymentIntents.id, paymentIntentId),
            sql`${sandboxPaymentIntents.refundedCents} + ${amount} <= ${sandboxPaymentIntents.capturedCents}`,
          ),
        )
        .returning();
      if (!updated || amount <= 0) {
        throw new GatewayRequestError(
          "charge_already_refunded",
          "The refund is more than what is left of the charge.",
        );
      }
      const refund = {
        id: id("re"),
        paymentIntentId,
        amountCents: amount,
        idempotencyKey: idempotencyKey ?? null,
      };
      await db.insert(sandboxRefunds).values(refund);
      return { id: refund.id, paymentIntentId, amountCents: amount, status: "succeeded" };
    },

    async createConnectedAccount({ email, userId }) {
      const account = { id: id("acct"), email, userId, requirementCollection: "application" as const };
      await db.insert(sandboxAccounts).values(account);
      return { id: account.id, requirementCollection: account.requirementCollection };
    },

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const query = new URLSearchParams({
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: `${publicUrl}/sandbox/onboarding?${query}` };
    },

    async retrieveAccount(accountId) {
      const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
      if (!account) throw new GatewayRequestError("resource_missing", `No such account: '${accountId}'`, 404);
      const done = account.detailsSubmittedAt !== null;
      return {
        id: account.id,
        detailsSubmitted: done,
        // As with Stripe: requirements past due hold payouts; those only currently due do not, yet.
        payoutsEnabled: done && account.pastDue.length === 0,
        requirementCollection: account.requirementCollection === "application" ? "application" : "stripe",
        requirementsDue: [...new Set([...account.pastDue, ...account.currentlyDue])],
      };
    },
  };
}

/**
 * An intent as the processor changes it on its side later (a customer's bank, a dispute, the dashboard): its
 * status, what was captured of it, the card it was paid with.
 */
export async function setSandboxIntentState(
  db: Db,
  intentId: string,
  change: { status?: IntentStatus; capturedCents?: number; paymentMethodId?: string },
): Promise<void> {
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(sandboxPaymentIntents.id, intentId))
    .returning({ id: sandboxPaymentIntents.id });
  if (!updated)
    throw new GatewayRequestError("resource_missing", `No such payment_intent: '${intentId}'`, 404);
}
