import { type CardBrand, GatewayRequestError } from "@mx/processors/gateway";
import type {
  GatewayExternalAccount,
  GatewayPayout,
  GatewayPayoutStatus,
  PayoutGateway,
  PayoutMethod,
} from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import type Stripe from "stripe";
import { creditCardByRefunds } from "./stripe-card-credit";

/** Runs one Stripe request, with Stripe's errors in our words (`call` of the stripe gateway). */
export type StripeCall = <T>(request: () => Promise<T>) => Promise<T>;

/** Card objects name their brand as printed ("Visa", "American Express"), unlike payment methods ("visa", "amex"). */
const BRANDS: Record<string, CardBrand> = {
  visa: "visa",
  mastercard: "mastercard",
  "american express": "amex",
  amex: "amex",
  discover: "discover",
  "diners club": "diners",
  diners: "diners",
  jcb: "jcb",
  unionpay: "unionpay",
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

function toExternalAccount(
  account: Stripe.ExternalAccount | Stripe.Card,
  accountId: string,
): GatewayExternalAccount {
  if (account.object !== "card") {
    throw new GatewayRequestError("invalid_external_account", "Only cards can be payout cards here.", 400);
  }
  return {
    id: account.id,
    accountId: idOf(account.account) ?? accountId,
    brand: BRANDS[account.brand.toLowerCase()] ?? "other",
    last4: account.last4,
    expMonth: account.exp_month,
    expYear: account.exp_year,
    funding: account.funding,
    isDefault: account.default_for_currency === true,
    availablePayoutMethods: (account.available_payout_methods ?? []).filter(
      (m): m is PayoutMethod => m === "standard" || m === "instant",
    ),
  };
}

/** `in_transit` is still on its way; `canceled` never arrives: both as our states. */
function toPayoutStatus(status: string): GatewayPayoutStatus {
  if (status === "paid") return "paid";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

function toPayout(payout: Stripe.Payout, accountId: string): GatewayPayout {
  return {
    id: payout.id,
    accountId,
    amountCents: payout.amount,
    currency: payout.currency,
    method: payout.method === "instant" ? "instant" : "standard",
    status: toPayoutStatus(payout.status),
    destination: idOf(payout.destination),
    arrivalAt: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
    failureMessage:
      payout.failure_message ?? (payout.status === "canceled" ? "The payout was canceled." : null),
    reference: payout.metadata?.reference ?? null,
  };
}

/** Reverses the transfer that funded a payout, so the money is the platform's again. Safe to repeat. */
async function reverseTransfer(stripe: Stripe, transferId: string, reference: string): Promise<void> {
  const transfer = await stripe.transfers.retrieve(transferId);
  const left = transfer.amount - transfer.amount_reversed;
  if (left <= 0) return;
  await stripe.transfers.createReversal(
    transferId,
    { amount: left, metadata: { reference } },
    { idempotencyKey: `reverse:${transferId}` },
  );
}

/**
 * A payout: a transfer from the platform to the player's connected account, then a payout from it (on the account,
 * with `Stripe-Account`). A payout Stripe refuses outright has its transfer reversed before the refusal is reported.
 */
async function transferAndPayOut(
  stripe: Stripe,
  input: Parameters<PayoutGateway["createPayout"]>[0],
): Promise<GatewayPayout> {
  const transfer = await stripe.transfers.create(
    {
      amount: input.amountCents,
      currency: input.currency,
      destination: input.accountId,
      transfer_group: input.reference,
      metadata: { reference: input.reference },
    },
    { idempotencyKey: `${input.idempotencyKey}:transfer` },
  );
  const params: Stripe.PayoutCreateParams = {
    amount: input.amountCents,
    currency: input.currency,
    method: input.method,
    metadata: { reference: input.reference, transferId: transfer.id },
  };
  if (input.destination) params.destination = input.destination;
  try {
    const payout = await stripe.payouts.create(params, {
      stripeAccount: input.accountId,
      idempotencyKey: input.idempotencyKey,
    });
    return toPayout(payout, input.accountId);
  } catch (error) {
    // Refused outright (a 4xx): the money goes back to the platform before the refusal is reported. On a
    // network failure the payout may exist; a retry with the same keys finds it, so nothing is reversed.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) {
      await reverseTransfer(stripe, transfer.id, input.reference);
    }
    throw error;
  }
}

/**
 * The stripe adapter's payout side: debit cards as external accounts of the player's connected account (one whose
 * requirements the platform collects: Stripe allows external-account changes on no other); a payout is a
 * transfer from the platform to that account, then a payout from it (on the account, with `Stripe-Account`). A
 * payout Stripe refuses outright has its transfer reversed at once; one that fails later is reclaimed the same way.
 */
export function createStripePayouts(stripe: Stripe, call: StripeCall): PayoutGateway {
  return {
    createExternalAccount: ({ accountId, token, isDefault }) =>
      call(async () => {
        const params: Stripe.AccountCreateExternalAccountParams = { external_account: token };
        if (isDefault) params.default_for_currency = true;
        const created = await stripe.accounts.createExternalAccount(accountId, params);
        const card = toExternalAccount(created, accountId);
        if (card.funding !== "debit") {
          // Stripe refuses most of these itself; any that slips through is taken off again.
          await stripe.accounts.deleteExternalAccount(accountId, card.id).catch(() => {});
          throw new GatewayRequestError("invalid_card_type", serverMessages.payoutCardNotDebit);
        }
        return card;
      }),

    listExternalAccounts: (accountId) =>
      call(async () => {
        const list = await stripe.accounts.listExternalAccounts(accountId, { object: "card", limit: 100 });
        return list.data.filter((a) => a.object === "card").map((a) => toExternalAccount(a, accountId));
      }),

    setDefaultExternalAccount: ({ accountId, externalAccountId }) =>
      call(async () =>
        toExternalAccount(
          await stripe.accounts.updateExternalAccount(accountId, externalAccountId, {
            default_for_currency: true,
          }),
          accountId,
        ),
      ),

    deleteExternalAccount: ({ accountId, externalAccountId }) =>
      call(async () => {
        await stripe.accounts.deleteExternalAccount(accountId, externalAccountId);
      }),

    createPayout: (input) => call(() => transferAndPayOut(stripe, input)),

    retrievePayout: ({ accountId, payoutId }) =>
      call(async () =>
        toPayout(await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId }), accountId),
      ),

    reclaimFailedPayout: ({ accountId, payoutId }) =>
      call(async () => {
        const payout = await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId });
        if (toPayoutStatus(payout.status) !== "failed") {
          throw new GatewayRequestError("payout_not_failed", `Payout ${payoutId} has not failed.`, 409);
        }
        const transferId = payout.metadata?.transferId;
        if (transferId) await reverseTransfer(stripe, transferId, payout.metadata?.reference ?? payoutId);
      }),

    creditCard: (input) => call(() => creditCardByRefunds(stripe, input)),
  };
}
