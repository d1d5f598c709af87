/**
 * Money out to players, at the card processor: debit cards attached to a player's connected account (external
 * accounts), payouts from that account (standard to its default card or bank, instant to a debit card), and a
 * credit back to a buying card (a deleted account's remaining balance). Amounts are integer cents.
 */

import type { CardBrand } from "@mx/shared/cards";

/** A debit card a connected account can be paid out to. */
export type GatewayExternalAccount = {
  /** `card_…` */
  id: string;
  /** The connected account it belongs to (`acct_…`). */
  accountId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** "debit" for any card that was accepted. */
  funding: string;
  /** Stripe's `default_for_currency`: where payouts go when no destination is named. */
  isDefault: boolean;
  /** Stripe's `available_payout_methods`: a payout to this card may only use one of these. */
  availablePayoutMethods: PayoutMethod[];
};

export type PayoutMethod = "standard" | "instant";

export type GatewayPayoutStatus = "pending" | "paid" | "failed";

export type GatewayPayout = {
  /** `po_…` */
  id: string;
  accountId: string;
  amountCents: number;
  currency: string;
  method: PayoutMethod;
  status: GatewayPayoutStatus;
  /** The external account it went to; null for the account's default. */
  destination: string | null;
  /** When the money is expected to land (standard payouts take a while; instant ones land at once). */
  arrivalAt: Date | null;
  failureMessage: string | null;
  /** Our payout's id, as sent in `reference` when it was created; null for a payout we did not make. */
  reference: string | null;
};

type CreatePayoutInput = {
  accountId: string;
  amountCents: number;
  currency: string;
  method: PayoutMethod;
  /** An external account of `accountId`; the account's default for the currency when left out. */
  destination?: string;
  /** Our payout's id: kept on the processor's payout, so an event about it can be matched to ours. */
  reference: string;
  /** Passed to the processor, so a retried call sends the money once. */
  idempotencyKey: string;
};

type CardCreditInput = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  reference: string;
  idempotencyKey: string;
};

export interface PayoutGateway {
  /**
   * Attaches a tokenised debit card to a connected account; refuses credit and prepaid cards. With `isDefault` it
   * becomes the default for the currency; the account's first card always does. Like every change to an account's
   * payout cards, only on an account whose requirements the platform collects.
   */
  createExternalAccount(input: {
    accountId: string;
    token: string;
    isDefault?: boolean;
  }): Promise<GatewayExternalAccount>;
  listExternalAccounts(accountId: string): Promise<GatewayExternalAccount[]>;
  setDefaultExternalAccount(input: {
    accountId: string;
    externalAccountId: string;
  }): Promise<GatewayExternalAccount>;
  /** Refused for the default card while the account has others (as Stripe does): make another the default first. */
  deleteExternalAccount(input: { accountId: string; externalAccountId: string }): Promise<void>;

  /**
   * Sends money from the platform to a connected account's card or bank. With Stripe this is a transfer from the
   * platform to the account followed by a payout from it. Throws CardError or GatewayRequestError when refused
   * outright; a payout that fails later comes back with status "failed" from `retrievePayout`.
   */
  createPayout(input: CreatePayoutInput): Promise<GatewayPayout>;
  retrievePayout(input: { accountId: string; payoutId: string }): Promise<GatewayPayout>;
  /**
   * After a payout failed: the money it took goes back to the platform (with Stripe, the transfer is reversed;
   * the failed payout left it in the connected account). Safe to repeat.
   */
  reclaimFailedPayout(input: { accountId: string; payoutId: string }): Promise<void>;

  /** Money back to a buying card of the customer's (with Stripe: refunds of the customer's charges on it). */
  creditCard(input: CardCreditInput): Promise<{ id: string }>;
}
