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

/**
 * The stripe adapter's payout side: debit cards as external accounts of the player's connected account (one whose
 * requirements the platform collects: Stripe allows external-account changes on no other); a payout is a
 * transfer from the platform to that account, then a payout from it (on the account, with `Stripe-Account`). A
 * payout Stripe refuses outright has its transfer reversed at once; one that fails later is reclaimed the same way.
 */
export function createStripePayouts(stripe: Stripe, call: StripeCall): PayoutGateway {
  /** Reverses the transfer that funded a payout, so the money is the platform's again. Safe to repeat. */
  async function reverseTransfer(transferId: string, reference: string): Promise<void> {
    const transfer = await stripe.transfers.retrieve(transferId);
    const left = transfer.amount - transfer.amount_reversed;
    if (left <= 0) return;
    await stripe.transfers.createReversal(
      transferId,
      { amount: left, metadata: { reference } },
      { idempotencyKey: `reverse:${transferId}` },
    );
  }

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

    createPayout: (input) =>
      call(async () => {
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
            await reverseTransfer(transfer.id, input.reference);
          }
          throw error;
        }
      }),

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
        if (transferId) await reverseTransfer(transferId, payout.metadata?.reference ?? payoutId);
      }),

    creditCard: (input) =>
      call(async () => {
        // Stripe sends money back to a card only as a refund of an earlier charge: the customer's charges are
        // refunded, those on this card first, newest first. A charge already refunded for this same credit (an
        // earlier attempt) counts as done, so a retry never refunds twice.
        const intents = await stripe.paymentIntents.list({
          customer: input.customerId,
          limit: 100,
          expand: ["data.latest_charge"],
        });
        const charges = intents.data
          .filter(
            (pi) => pi.status === "succeeded" && pi.latest_charge && typeof pi.latest_charge !== "string",
          )
          .map((pi) => ({ intent: pi, charge: pi.latest_charge as Stripe.Charge }))
          .sort(
            (a, b) =>
              Number(idOf(b.intent.payment_method) === input.paymentMethodId) -
                Number(idOf(a.intent.payment_method) === input.paymentMethodId) ||
              b.intent.created - a.intent.created,
          );
        let done = 0;
        const open: { intentId: string; left: number }[] = [];
        const ids: string[] = [];
        for (const { intent, charge } of charges) {
          if (charge.amount_refunded > 0) {
            const earlier = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
            const ours = earlier.data.filter((r) => r.metadata?.reference === input.reference);
            if (ours.length > 0) {
              done += ours.reduce((sum, r) => sum + r.amount, 0);
              ids.push(...ours.map((r) => r.id));
              continue;
            }
          }
          const left = charge.amount_captured - charge.amount_refunded;
          if (left > 0) open.push({ intentId: intent.id, left });
        }
        let owed = input.amountCents - done;
        if (owed > open.reduce((sum, c) => sum + c.left, 0)) {
          throw new GatewayRequestError(
            "refund_exceeds_charges",
            "The card's earlier charges are too small to refund this amount to it.",
          );
        }
        for (const { intentId, left } of open) {
          if (owed <= 0) break;
          const amount = Math.min(left, owed);
          const refund = await stripe.refunds.create(
            { payment_intent: intentId, amount, metadata: { reference: input.reference } },
            { idempotencyKey: `${input.idempotencyKey}:${intentId}` },
          );
          ids.push(refund.id);
          owed -= amount;
        }
        return { id: ids[0] ?? input.reference };
      }),
  };
}
