import { Batcher } from "@mx/kit/batcher";
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
import { and, eq } from "drizzle-orm";
import { sandboxDisputeCalls } from "./card-disputes";
import { createSandboxCheckout } from "./checkout";
import type { Db } from "./db";
import {
  cancelIntent,
  captureIntent,
  confirmIntent,
  createIntents,
  findIntent,
  intentRow,
  listIntents,
  paymentMethodOf,
  present,
} from "./intents";
import { queueIntentAftermath } from "./notice-queue";
import { createSandboxPayouts } from "./payouts";
import { refundIntent } from "./refunds";
import {
  sandboxAccounts,
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxTokens,
} from "./schema";
import { brandOf, CARD_MESSAGES, luhnValid, testCard } from "./test-cards";
import { cardRefusal, sandboxId, takeSandboxToken } from "./tokens";

const id = sandboxId;

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
  if (updated?.status === "succeeded") {
    await queueIntentAftermath(db, [{ intentId: updated.id, paymentMethodId: updated.paymentMethodId }]);
  }
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
  const newIntents = new Batcher((inputs: CreateIntentInput[]) => createIntents(db, inputs), {
    maxSize: 200,
    maxRunning: 1,
    retryAlone: true,
  });

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

    attachCard: ({ customerId, token }) => attachSandboxCard(db, customerId, token),

    async detachCard({ customerId, paymentMethodId }) {
      await paymentMethodOf(db, paymentMethodId, customerId);
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
      return confirmIntent(db, await intentRow(db, intentId), paymentMethodId);
    },

    async retrievePaymentIntent(intentId) {
      return present(await intentRow(db, intentId));
    },

    findPaymentIntent: (query) => findIntent(db, query),

    listPaymentIntents: (query) => listIntents(db, query),

    capturePaymentIntent: (input) => captureIntent(db, input),

    cancelPaymentIntent: ({ id: intentId }) => cancelIntent(db, intentId),

    refund: (input) => refundIntent(db, input),

    ...sandboxConnectAccounts(db, publicUrl),

    ...sandboxDisputeCalls(db),
  };
}

/** A card saved for a customer from a one-use token, as Stripe attaches a payment method. */
async function attachSandboxCard(db: Db, customerId: string, token: string): Promise<GatewayCard> {
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
}

/** Connected accounts: made, sent to the sandbox's onboarding page, and read. */
function sandboxConnectAccounts(
  db: Db,
  publicUrl: string,
): Pick<PaymentGateway, "createConnectedAccount" | "createAccountLink" | "retrieveAccount"> {
  return {
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
