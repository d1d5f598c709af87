import type { GatewayExternalAccount } from "@mx/processors/payout-gateway";
import type { SandboxAccountRow, SandboxTransferRow } from "../connect";
import { STRIPE_COLLECTED_ACCOUNT_REFUSAL } from "../payouts";
import type { sandboxPayouts } from "../schema";
import { type Json, now, seconds } from "./stripe-replies";

/* The sandbox's connected accounts, their cards, transfers and payouts in Stripe's shape. */

export type PayoutRow = typeof sandboxPayouts.$inferSelect;

/** A connected account as Stripe returns it to the platform that controls it. */
export function connectedAccount(
  id: string,
  collection: "application" | "stripe",
  email: string | null = null,
) {
  return {
    id,
    object: "account",
    business_type: null,
    capabilities: { transfers: "inactive" },
    charges_enabled: false,
    controller: {
      fees: { payer: "application" },
      is_controller: true,
      losses: { payments: "application" },
      requirement_collection: collection,
      stripe_dashboard: { type: collection === "application" ? "none" : "express" },
      type: "application",
    },
    country: "US",
    created: now(),
    default_currency: "usd",
    details_submitted: false,
    email,
    external_accounts: {
      object: "list",
      data: [] as Json[],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    metadata: {} as Record<string, string>,
    payouts_enabled: false,
    requirements: {
      current_deadline: null,
      currently_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      disabled_reason: "requirements.past_due" as string | null,
      eventually_due: [] as string[],
      errors: [],
      past_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      pending_verification: [],
    },
    type: "custom",
  };
}

/** What the emulator says to an external-account change on an account whose requirements Stripe collects. */
export const EXTERNAL_ACCOUNT_REFUSAL = STRIPE_COLLECTED_ACCOUNT_REFUSAL;

/** Card objects name their brand as printed ("Visa", "MasterCard"), unlike payment methods ("visa"). */
const PRINTED_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** A debit card of a connected account as Stripe returns it. */
export function renderExternalAccount(card: GatewayExternalAccount) {
  return {
    id: card.id,
    object: "card",
    account: card.accountId,
    brand: PRINTED_BRANDS[card.brand] ?? "Unknown",
    country: "US",
    currency: "usd",
    default_for_currency: card.isDefault,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    funding: card.funding,
    last4: card.last4,
    metadata: {},
    available_payout_methods: card.availablePayoutMethods,
  };
}

/** A connected account as Stripe returns it, with its cards. */
export function renderAccount(row: SandboxAccountRow, cards: GatewayExternalAccount[]) {
  const collection = row.requirementCollection === "application" ? "application" : "stripe";
  const account = connectedAccount(row.id, collection, row.email || null);
  const done = row.detailsSubmittedAt !== null;
  // As with Stripe: requirements past due hold payouts; those only currently due do not, yet.
  const payoutsEnabled = done && row.pastDue.length === 0;
  return {
    ...account,
    capabilities: { transfers: payoutsEnabled ? "active" : "inactive" },
    created: seconds(row.createdAt),
    details_submitted: done,
    external_accounts: { ...account.external_accounts, data: cards.map(renderExternalAccount) },
    metadata: row.userId ? { userId: row.userId } : {},
    payouts_enabled: payoutsEnabled,
    requirements: {
      ...account.requirements,
      currently_due: [...new Set([...row.pastDue, ...row.currentlyDue])],
      past_due: row.pastDue,
      eventually_due: row.currentlyDue,
      disabled_reason: row.pastDue.length > 0 ? "requirements.past_due" : null,
    },
  };
}

/** A transfer as Stripe returns it. */
export function renderTransfer(row: SandboxTransferRow) {
  return {
    id: row.id,
    object: "transfer",
    amount: row.amountCents,
    amount_reversed: row.amountReversedCents,
    created: seconds(row.createdAt),
    currency: row.currency,
    destination: row.destination,
    metadata: row.metadata,
    reversed: row.amountReversedCents >= row.amountCents,
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${row.id}/reversals` },
    transfer_group: row.transferGroup,
  };
}

/** A payout as Stripe returns it. */
export function renderPayout(row: PayoutRow) {
  return {
    id: row.id,
    object: "payout",
    amount: row.amountCents,
    arrival_date: seconds(row.arrivalAt),
    automatic: false,
    created: seconds(row.createdAt),
    currency: row.currency,
    destination: row.destination,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    metadata: row.metadata,
    method: row.method,
    status: row.status,
  };
}
