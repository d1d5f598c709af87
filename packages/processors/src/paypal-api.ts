import type { ShippingAddress } from "@mx/shared/schemas/shop";

/**
 * PayPal's REST API as the app uses it: Orders v2 (create, approve on PayPal's page, capture or authorize) and
 * Payments v2 (capture or void an authorization, refund a capture), and Payouts v1 (money sent to a payer's PayPal
 * account: a deleted account's earnings). Two implementations: `sandbox` (in-process, in
 * our database, with a local approval page and a test buyer) and `paypal` (the official server SDK). The interface
 * names only calls PayPal offers, so every path the app takes with the sandbox is one it takes with PayPal. Every call
 * that moves money carries a PayPal-Request-Id, so a retried call does its work once. Amounts are integer cents.
 */

export type PaypalOrderStatus =
  | "CREATED"
  | "SAVED"
  | "APPROVED"
  | "VOIDED"
  | "COMPLETED"
  | "PAYER_ACTION_REQUIRED";

export type PaypalOrder = {
  id: string;
  status: PaypalOrderStatus;
  intent: "CAPTURE" | "AUTHORIZE";
  amountCents: number;
  currency: string;
  /** Ours: what the order is for (see paypal-gateway's customIdOf). */
  customId: string | null;
  /** Ours: the building or shop order it pays for. */
  referenceId: string | null;
  /** Where the payer approves the order (PayPal's `payer-action`/`approve` link, or the sandbox's page). */
  approveUrl: string | null;
  /** Only the sandbox's test buyer can say so; PayPal's own pop-up just closes. */
  payerCancelled: boolean;
  authorization: { id: string; status: string; expiresAt: string | null } | null;
  capture: { id: string; status: string; amountCents: number } | null;
  refundedCents: number;
  createdAt: string | null;
  /** Who approved it: the payer's PayPal account id (PayPal's payer_id) and e-mail; null before approval. */
  payer: { id: string; email: string | null } | null;
};

/** A payout batch of one item (Payouts v1): money sent to a PayPal account. */
export type PaypalPayout = {
  /** PayPal's payout_batch_id. */
  id: string;
  /** Ours: the sender_batch_id it was sent with. */
  senderBatchId: string;
  /** The batch's status: PENDING | PROCESSING | SUCCESS | DENIED | CANCELED */
  status: string;
  /**
   * Its one item's transaction_status, null while PayPal names none: SUCCESS once the money reached the receiver;
   * PENDING, UNCLAIMED or ONHOLD on the way (an unclaimed item comes back after 30 days); FAILED, RETURNED,
   * BLOCKED, REFUNDED or REVERSED when it did not reach them, or came back.
   */
  itemStatus: string | null;
  amountCents: number;
  currency: string;
  /** The receiving PayPal account (its payer id). */
  receiver: string;
};

/** Payout item statuses that mean the money did not reach the receiver, or came back to us. */
export const PAYOUT_ITEM_UNPAID: ReadonlySet<string> = new Set([
  "FAILED",
  "RETURNED",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
]);

/**
 * Goods to be shipped, as an order's purchase unit carries them: the lines (their sum is the item total), shipping
 * and tax, which add up to the order's amount, and the address, which the payer sees at PayPal and cannot change.
 */
export type PaypalOrderGoods = {
  items: { name: string; unitAmountCents: number; quantity: number }[];
  shippingCents: number;
  taxCents: number;
  shipTo: ShippingAddress;
};

export type CreateOrderInput = {
  intent: "CAPTURE" | "AUTHORIZE";
  amountCents: number;
  currency: string;
  customId: string;
  referenceId: string;
  description: string;
  requestId: string;
  /** A shop order's goods; absent for a building or a bid hold, which ship nothing. */
  goods?: PaypalOrderGoods;
};

/** Whether goods add up to an amount as PayPal requires: item total + shipping + tax. */
export const goodsTotalCents = (goods: PaypalOrderGoods) =>
  goods.items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0) +
  goods.shippingCents +
  goods.taxCents;

/** A dispute a payer opened at PayPal on a capture (Disputes v1), in our words. */
export type PaypalDispute = {
  /** PayPal's dispute_id (`PP-D-…`). */
  id: string;
  /** The disputed capture: its disputed_transactions' seller_transaction_id. */
  captureId: string;
  /** UNAUTHORISED, MERCHANDISE_OR_SERVICE_NOT_RECEIVED, … */
  reason: string;
  /** OPEN, WAITING_FOR_BUYER_RESPONSE, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, OTHER. */
  status: string;
  /** Once resolved: RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR, CANCELED_BY_BUYER, …; null before. */
  outcome: string | null;
  amountCents: number;
  currency: string;
  /** What PayPal charged for the dispute, where it says (0 where it does not). */
  feeCents: number;
  sellerResponseDueDate: string | null;
  createTime: string;
};

/** A capture re-read (Payments v2), with the order it belongs to (its supplementary_data's related order id). */
export type PaypalCapture = { id: string; status: string; orderId: string | null; amountCents: number };

/** PayPal refused the payer's funding (INSTRUMENT_DECLINED, …), or the request (4xx): in its own words. */
export class PaypalError extends Error {
  constructor(
    /** PayPal's issue: INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, INVALID_RESOURCE_ID, … */
    readonly issue: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = "PaypalError";
  }
}

export interface PaypalApi {
  readonly kind: "sandbox" | "paypal";
  /** What PayPal's JavaScript buttons need in the browser; null for the sandbox. */
  readonly clientId: string | null;
  /**
   * Creates an order under a PayPal-Request-Id. Sent again with the same request id and body while PayPal keeps the
   * id, it makes no second order and answers with the one made the first time: recovery finds a create call's order
   * that way, as PayPal cannot be searched.
   */
  createOrder(input: CreateOrderInput): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  /** After the payer approved: takes the money (intent CAPTURE). */
  captureOrder(input: { id: string; requestId: string }): Promise<PaypalOrder>;
  /** After the payer approved: holds the money (intent AUTHORIZE). */
  authorizeOrder(input: { id: string; requestId: string }): Promise<PaypalOrder>;
  captureAuthorization(input: {
    authorizationId: string;
    amountCents: number;
    currency: string;
    requestId: string;
  }): Promise<{ id: string; status: string }>;
  voidAuthorization(input: { authorizationId: string; requestId: string }): Promise<void>;
  refundCapture(input: {
    captureId: string;
    amountCents: number;
    currency: string;
    requestId: string;
  }): Promise<{ id: string; status: string; amountCents: number }>;
  /**
   * Sends money to a PayPal account (Payouts v1, recipient_type PAYPAL_ID). PayPal makes one payout per
   * sender_batch_id within 30 days: sent again with the same one, this answers with the payout made the first time.
   */
  sendPayout(input: {
    receiver: string;
    amountCents: number;
    currency: string;
    senderBatchId: string;
    note: string;
  }): Promise<PaypalPayout>;
  getPayout(id: string): Promise<PaypalPayout>;
  /** A capture, re-read: a reversed capture's notice names only the capture. */
  getCapture(id: string): Promise<PaypalCapture>;
  getDispute(id: string): Promise<PaypalDispute>;
  /** Disputes opened since a time (for reconciliation), oldest first. */
  listDisputes(input: { startTime: Date }): Promise<PaypalDispute[]>;
  /** The seller's evidence (a note) given on an open dispute; it goes under review. */
  provideDisputeEvidence(input: { id: string; note: string }): Promise<void>;
  /**
   * PayPal's verify-webhook-signature call: whether a delivery (its PayPal-Transmission-* headers and the event as
   * received) was signed by PayPal for our webhook.
   */
  verifyWebhookSignature(input: {
    headers: Record<string, string | undefined>;
    event: unknown;
    webhookId: string;
  }): Promise<boolean>;
}
