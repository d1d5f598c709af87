import { PAYPAL_BID_TTL_HOURS, PAYPAL_METHOD_ID } from "@mx/shared/constants";
import type { ActionRequiredData, PaymentCard } from "@mx/shared/schemas/payments";

/**
 * PayPal where the review screens pass a card: its payment method id is `paypal`, and every label names it PayPal
 * (see cardOnFileLabel). The server makes a PayPal order for it instead of charging a card.
 */
export const PAYPAL_CARD: PaymentCard = {
  paymentMethodId: PAYPAL_METHOD_ID,
  cardScheme: "paypal",
  maskedCard: "PayPal",
  last4: "",
  expiryMonth: 0,
  expiryYear: 0,
  nameOnCard: null,
  isDefault: false,
};

/** A 202 for a PayPal order waiting for the payer's approval (our ids of PayPal orders start `paypal_`). */
export const isPaypalAction = (action: Pick<ActionRequiredData, "paymentIntentId">) =>
  action.paymentIntentId.startsWith("paypal_");

export const paypalCopy = {
  payWithPaypal: "Pay with PayPal",
  bidWithPaypal: "Hold with PayPal",
  or: "or",
  title: "Pay with PayPal",
  intro: "Log in to PayPal and approve the payment. Nothing is taken until you approve.",
  frameTitle: "PayPal",
  opening: "Opening PayPal…",
  waiting: "Approve the payment in PayPal's window.",
  stillOpen: "PayPal has not approved the payment yet. Please answer PayPal again.",
  loadFailed: "PayPal could not be loaded. Please try again, or pay by card.",
  bidNote: `A bid held by PayPal expires after ${PAYPAL_BID_TTL_HOURS} hours, within the 3 days PayPal honours a hold.`,
} as const;
