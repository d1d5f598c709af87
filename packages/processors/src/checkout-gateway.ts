/**
 * Hosted checkout at the card processor (Stripe Checkout Sessions, embedded in our page): the shop's one door.
 * Amounts are integer cents; the caller prices every line and offers the shipping rates; the processor collects the
 * shipping address, computes the sales tax for it, adds everything up and takes the card.
 */
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import type { ShippingRate } from "@mx/shared/shop-shipping";

/** Where an order goes and how: the address and the shipping rate chosen at checkout. */
export type OrderShipping = { address: ShippingAddress; rateId: string | null; rateName: string | null };

type CheckoutLineItemInput = { name: string; unitAmountCents: number; quantity: number };

export type GatewayCheckoutSessionStatus = "open" | "complete" | "expired";

export type GatewayCheckoutSession = {
  id: string;
  status: GatewayCheckoutSessionStatus;
  /** Stripe's `payment_status`: "paid" once the money is taken. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  customerEmail: string | null;
  /** The goods; the total adds shipping and tax. */
  amountSubtotalCents: number;
  amountShippingCents: number;
  amountTaxCents: number;
  amountTotalCents: number;
  /** The address and rate the customer gave; null before they did, or when nothing was to be shipped. */
  shipping: OrderShipping | null;
  currency: string;
  paymentIntentId: string | null;
  metadata: Record<string, string>;
};

export type CreateCheckoutSessionInput = {
  lineItems: CheckoutLineItemInput[];
  customerEmail: string;
  /**
   * The signed-in player's customer at the processor, given when they have saved cards: the payment form offers
   * those cards first, beside a new card (Stripe: `customer` with its saved payment methods shown). Never saves a
   * new card to the customer.
   */
  customerId?: string;
  /** The rates the customer chooses from; the US address is collected and sales tax computed for it. */
  shippingRates: readonly ShippingRate[];
  /** Where the payment form sends the customer when done; `{CHECKOUT_SESSION_ID}` is replaced with the id. */
  returnUrl: string;
  metadata?: Record<string, string>;
  /** Passed to the processor, so a retried call creates one session, not two. */
  idempotencyKey?: string;
};

export interface CheckoutGateway {
  /** An embedded-checkout session; the browser mounts the payment form with its `clientSecret`. */
  createCheckoutSession(
    input: CreateCheckoutSessionInput,
  ): Promise<{ id: string; clientSecret: string; status: GatewayCheckoutSessionStatus }>;
  retrieveCheckoutSession(id: string): Promise<GatewayCheckoutSession>;
}
