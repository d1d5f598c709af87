/**
 * The one door to a card processor. Two adapters: `sandbox` (default; the `@mx/sandbox` package, in-process, kept in
 * our database, behaves like Stripe's test mode with Stripe's test cards) and `stripe` (the official SDK). Amounts are integer cents.
 * Services call this interface only; they never know which adapter is behind it.
 */

import type { CardBrand } from "@mx/shared/cards";
import type { CheckoutGateway, GatewayCheckoutSession } from "./checkout-gateway";
import type { PayoutGateway } from "./payout-gateway";
import type { PaypalOrderGoods } from "./paypal-api";

export type { CardBrand };

export type GatewayCard = {
  /** The processor's payment method id (`pm_…`). */
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string | null;
  /** "credit", "debit", "prepaid" or "unknown". */
  funding: string;
};

/**
 * Every status a payment intent may have, as Stripe names them (PayPal orders are mapped onto them):
 * requires_payment_method → requires_confirmation → requires_action (the bank's check) → processing →
 * requires_capture (a hold) → succeeded, or canceled.
 */
export const INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
/** Where a payment intent stands (the processor's words). */
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export type GatewayIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** What has been captured so far (0 until captured). */
  capturedCents: number;
  /** What has been refunded of the capture so far. */
  refundedCents: number;
  currency: string;
  captureMethod: "automatic" | "manual";
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  /**
   * With `requires_action`: the page where the player confirms the payment with their bank — the sandbox's
   * challenge page; null with Stripe, where Stripe.js shows the bank's page from the client secret.
   */
  nextActionUrl: string | null;
};

/** Who collects an account's requirements: the platform (`application`), whose payout cards it may then manage. */
export type RequirementCollection = "application" | "stripe";

/** A player's payout (connected) account at the processor. */
export type GatewayAccount = {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Null when the processor does not say (an account the platform does not control). */
  requirementCollection: RequirementCollection | null;
  /** What the processor still needs from the player: its requirements currently due and past due, as it names them. */
  requirementsDue: string[];
};

export type GatewayRefund = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: "succeeded" | "pending" | "failed";
};

/**
 * A dispute's state, as the platform keeps it: needs_response (evidence may still be given), under_review (given; the
 * bank decides), won, lost. Stripe's warning_* states (an inquiry, no funds withdrawn) map onto the first two.
 */
export const DISPUTE_STATUSES = ["needs_response", "under_review", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A payment's dispute (chargeback) as the processor reports it; re-read from the processor, never from a notice. */
export type GatewayDispute = {
  /** The processor's id (`dp_…` at Stripe and the sandbox, `PP-D-…` at PayPal). */
  id: string;
  /** Who holds it: the card processor, or PayPal. */
  processor: "sandbox" | "stripe" | "paypal";
  /** The payment it disputes, by the id the platform knows it by (`pi_…`, or a PayPal order's `paypal_…`). */
  paymentIntentId: string;
  amountCents: number;
  /** What the processor charges for the dispute (Stripe: $15), taken with the amount when funds are withdrawn. */
  feeCents: number;
  currency: string;
  /** The processor's reason: fraudulent, product_not_received, unrecognized, … */
  reason: string;
  status: DisputeStatus;
  /** Whether the processor has taken the amount (and fee) from the platform's balance; false again once reinstated. */
  fundsWithdrawn: boolean;
  /** Whether funds once withdrawn have been given back (a won dispute). */
  fundsReinstated: boolean;
  /** The last day evidence may be given; null once it cannot be. */
  evidenceDueBy: Date | null;
  createdAt: Date;
};

/** An early fraud warning (Stripe Radar): the card's issuer reports the payment as fraud before any dispute. */
export type GatewayFraudWarning = {
  id: string;
  paymentIntentId: string;
  /** The issuer's kind of fraud: unauthorized_use_of_card, card_never_received, … */
  fraudType: string;
  /** Whether a refund can still head off a dispute. */
  actionable: boolean;
  createdAt: Date;
};

/** A card the processor refused, in the processor's own words (e.g. "Your card was declined."). */
export class CardError extends Error {
  constructor(
    /** Stripe's error code: card_declined, insufficient_funds, expired_card, incorrect_cvc, incorrect_number, … */
    readonly code: string,
    message: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = "CardError";
  }
}

/** The processor refused the request itself (unknown id, wrong state, bad parameter): a 4xx for our client. */
export class GatewayRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = "GatewayRequestError";
  }
}

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  customerId: string;
  /** With a payment method the intent is confirmed at once (the card is charged, or authorised for manual capture). */
  paymentMethodId?: string;
  captureMethod: "automatic" | "manual";
  metadata?: Record<string, string>;
  /** Passed to the processor, so a retried call creates one intent, not two. */
  idempotencyKey?: string;
  /** PayPal only: a shop order's lines, shipping, tax and address, sent with the order (card gateways ignore it). */
  goods?: PaypalOrderGoods;
};

/** A create call as recovery rebuilds it from an operation's row, to find the intent it may have made. */
export type FindIntentInput = Pick<
  CreateIntentInput,
  "amountCents" | "currency" | "captureMethod" | "metadata"
> & {
  /** The call's idempotency key, which every intent we create also carries as its `operation` metadata. */
  operation: string;
  /** What it was paid with: a card's id, or PayPal's method; null if the row does not say. */
  paymentMethodId: string | null;
};

export interface PaymentGateway extends CheckoutGateway, PayoutGateway {
  readonly kind: "sandbox" | "stripe";
  /** What the browser needs to tokenise cards (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /** PayPal beside the cards (see paypal-gateway): the sandbox's, or PayPal's with its client id; absent: no PayPal. */
  readonly paypal?: { kind: "sandbox" | "paypal"; clientId: string | null };

  createCustomer(input: { email: string; name: string; userId: string }): Promise<{ id: string }>;
  /** Attaches the card a browser tokenised (`tok_…` or `pm_…`) to the customer; throws CardError if refused. */
  attachCard(input: { customerId: string; token: string }): Promise<GatewayCard>;
  detachCard(input: { customerId: string; paymentMethodId: string }): Promise<void>;

  createPaymentIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /**
   * Confirms an intent created without a card; throws CardError if the card is refused. A PayPal order the payer
   * has approved (requires_confirmation) is captured, or authorized for a hold.
   */
  confirmPaymentIntent(input: { id: string; paymentMethodId: string }): Promise<GatewayIntent>;
  retrievePaymentIntent(id: string): Promise<GatewayIntent>;
  /**
   * The intent a create call made under its idempotency key, if it made one; null if the processor never made one.
   * Recovery uses it for an operation whose process stopped before it could note the intent's id, and passes the
   * call as it was made, rebuilt from the operation's row. A card processor is searched by the `operation` metadata
   * every intent we create carries (Stripe cannot be asked by key); PayPal, which cannot be searched, is sent the
   * same create call again (see paypal-gateway).
   */
  findPaymentIntent(input: FindIntentInput): Promise<GatewayIntent | null>;
  /** Every intent created in a window, for reconciliation (oldest first). */
  listPaymentIntents(input: { createdFrom: Date; createdTo: Date }): Promise<GatewayIntent[]>;
  /** Captures an authorised (manual) intent, in full or in part. */
  capturePaymentIntent(input: {
    id: string;
    amountCents?: number;
    idempotencyKey?: string;
  }): Promise<GatewayIntent>;
  /** Releases an authorisation, or abandons an unconfirmed intent. */
  cancelPaymentIntent(input: { id: string; idempotencyKey?: string }): Promise<GatewayIntent>;
  refund(input: {
    paymentIntentId: string;
    amountCents?: number;
    idempotencyKey?: string;
  }): Promise<GatewayRefund>;

  /**
   * A payout account for a player that the platform manages (its requirements collected by the platform, no Stripe
   * dashboard), so its payout cards can be added and changed through the API; onboarding happens on the processor's
   * hosted pages.
   */
  createConnectedAccount(input: {
    email: string;
    userId: string;
  }): Promise<{ id: string; requirementCollection: RequirementCollection | null }>;
  /** The onboarding address; `returnUrl` is visited when done, `refreshUrl` when the link has expired. */
  createAccountLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<GatewayAccount>;

  /** A dispute, re-read (a card processor's `dp_…`, or PayPal's `PP-D-…` with PayPal beside the cards). */
  retrieveDispute(id: string): Promise<GatewayDispute>;
  /** Every dispute opened in a window, for reconciliation (oldest first). */
  listDisputes(input: { createdFrom: Date; createdTo: Date }): Promise<GatewayDispute[]>;
  /** Gives the platform's evidence and submits it; the dispute goes under review. */
  submitDisputeEvidence(input: { id: string; text: string }): Promise<GatewayDispute>;
  /** An early fraud warning, re-read. */
  retrieveFraudWarning(id: string): Promise<GatewayFraudWarning>;
}

/**
 * What the card processor tells the platform of its own accord, as the platform handles it: Stripe sends these as
 * webhook events (handled in modules/webhooks); a processor running in this process (the sandbox) has no webhook to
 * send, so the app hands it these and it calls them when Stripe would send the event. The processor never reaches
 * the modules that act on them.
 */
export type ProcessorNotices = {
  /** `checkout.session.completed`: a shop checkout session was paid, and its order is to be written. */
  checkoutCompleted(session: GatewayCheckoutSession): Promise<void>;
  /** `account.updated`: a connected payout account changed; the platform reads it again and keeps what it says. */
  accountUpdated(accountId: string): Promise<GatewayAccount>;
  /** `charge.dispute.*` (or PayPal's `CUSTOMER.DISPUTE.*`): a dispute was opened or changed; re-read it and act. */
  disputeChanged(disputeId: string): Promise<void>;
  /** `radar.early_fraud_warning.created`: re-read the warning and act on it. */
  fraudWarningRaised(warningId: string): Promise<void>;
};
