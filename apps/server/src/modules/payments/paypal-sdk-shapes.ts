import type {
  PaypalOrder,
  PaypalOrderGoods,
  PaypalOrderStatus,
  PaypalPayout,
} from "@mx/processors/paypal-api";
import {
  CheckoutPaymentIntent,
  FulfillmentType,
  ItemCategory,
  type Order,
  type PurchaseUnitRequest,
} from "@paypal/paypal-server-sdk";

/** PayPal's money: a decimal string in the currency's units ("12.34"). */
export const amountOf = (cents: number) => (cents / 100).toFixed(2);
export const centsOf = (value: string | undefined) => Math.round(Number(value ?? "0") * 100);

/**
 * A shop order's purchase unit: its amount broken down into item total, shipping and tax (PayPal refuses an order
 * whose parts do not add up), its lines as physical goods, and where they go.
 */
export function goodsOf(
  goods: PaypalOrderGoods,
  currency: string,
): Pick<PurchaseUnitRequest, "items" | "shipping"> & {
  breakdown: NonNullable<PurchaseUnitRequest["amount"]["breakdown"]>;
} {
  const money = (cents: number) => ({ currencyCode: currency, value: amountOf(cents) });
  const itemTotal = goods.items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
  const { shipTo } = goods;
  return {
    breakdown: {
      itemTotal: money(itemTotal),
      shipping: money(goods.shippingCents),
      taxTotal: money(goods.taxCents),
    },
    items: goods.items.map((item) => ({
      name: item.name,
      unitAmount: money(item.unitAmountCents),
      quantity: String(item.quantity),
      category: ItemCategory.PhysicalGoods,
    })),
    shipping: {
      type: FulfillmentType.Shipping,
      name: { fullName: shipTo.name },
      address: {
        addressLine1: shipTo.line1,
        ...(shipTo.line2 ? { addressLine2: shipTo.line2 } : {}),
        adminArea2: shipTo.city,
        adminArea1: shipTo.state,
        postalCode: shipTo.postalCode,
        countryCode: shipTo.country,
      },
    },
  };
}

/** An order as the SDK answers it, in the words of PaypalOrder. */
export function presentOrder(order: Order): PaypalOrder {
  const unit = order.purchaseUnits?.[0];
  const authorization = unit?.payments?.authorizations?.[0];
  const capture = unit?.payments?.captures?.[0];
  const refunded = (unit?.payments?.refunds ?? [])
    .filter((r) => r.status === "COMPLETED" || r.status === "PENDING")
    .reduce((sum, r) => sum + centsOf(r.amount?.value), 0);
  const approve = order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
  return {
    id: order.id ?? "",
    status: (order.status ?? "CREATED") as PaypalOrderStatus,
    intent: order.intent === CheckoutPaymentIntent.Authorize ? "AUTHORIZE" : "CAPTURE",
    amountCents: centsOf(unit?.amount?.value),
    currency: unit?.amount?.currencyCode ?? "USD",
    customId: unit?.customId ?? null,
    referenceId: unit?.referenceId ?? null,
    approveUrl: approve?.href ?? null,
    payerCancelled: false,
    authorization: authorization?.id
      ? {
          id: authorization.id,
          status: authorization.status ?? "CREATED",
          expiresAt: authorization.expirationTime ?? null,
        }
      : null,
    capture: capture?.id
      ? { id: capture.id, status: capture.status ?? "COMPLETED", amountCents: centsOf(capture.amount?.value) }
      : null,
    refundedCents: refunded,
    createdAt: order.createTime ?? null,
    payer: payerOf(order),
  };
}

/** The payer's account: `payment_source.paypal` now, the older `payer` object before it. */
function payerOf(order: Order): PaypalOrder["payer"] {
  const wallet = order.paymentSource?.paypal;
  const id = wallet?.accountId ?? order.payer?.payerId;
  if (!id) return null;
  return { id, email: wallet?.emailAddress ?? order.payer?.emailAddress ?? null };
}

/** A payout batch as Payouts v1 answers it (`batch_header`, and its one item). */
export type PayoutBatchReply = {
  batch_header?: {
    payout_batch_id?: string;
    batch_status?: string;
    sender_batch_header?: { sender_batch_id?: string };
    amount?: { value?: string; currency?: string };
  };
  items?: {
    transaction_status?: string;
    payout_item?: { receiver?: string; amount?: { value?: string; currency?: string } };
  }[];
};

/** A payout batch in the words of PaypalPayout; `sent` stands for its item while PayPal has none to show. */
export function presentPayout(
  reply: PayoutBatchReply,
  sent?: { receiver: string; amountCents: number },
): PaypalPayout {
  const header = reply.batch_header ?? {};
  const item = reply.items?.[0]?.payout_item;
  const amount = item?.amount ?? header.amount;
  return {
    id: header.payout_batch_id ?? "",
    senderBatchId: header.sender_batch_header?.sender_batch_id ?? "",
    status: header.batch_status ?? "PENDING",
    // The reply to a create call has no items yet: what was sent stands for them.
    amountCents: amount?.value ? centsOf(amount.value) : (sent?.amountCents ?? 0),
    currency: (amount?.currency ?? "USD").toUpperCase(),
    receiver: item?.receiver ?? sent?.receiver ?? "",
    itemStatus: reply.items?.[0]?.transaction_status ?? null,
  };
}

/** The whole order back from every call, so that one reply says where it stands. */
export const PREFER = "return=representation";
