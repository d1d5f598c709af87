import type { CreateOrderInput, PaypalApi, PaypalOrder } from "@mx/processors/paypal-api";
import { PaypalError } from "@mx/processors/paypal-api";
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { sandboxPaypalOrders, sandboxPaypalRefunds } from "../schema";
import { API, type CannedReply, centsOf, invalid, type Json, money } from "./paypal-replies";

/* PayPal's Orders v2 and Payments v2 (an order's authorization and capture, a capture's refund), by the sandbox. */

/** One call to an endpoint: its method, the id and action of its path, its body and its PayPal-Request-Id. */
export type PaypalCall = {
  method: string;
  id: string | undefined;
  action: string | undefined;
  body: Json | null;
  requestId: string;
};

/** A create call's body as the sandbox's order: its one purchase unit, and its goods when it ships any. */
function orderInput(body: Json | null, requestId: string): CreateOrderInput | CannedReply {
  const intent = body?.intent;
  if (intent !== "CAPTURE" && intent !== "AUTHORIZE") {
    return invalid("INVALID_PARAMETER_VALUE", "The value of intent is not valid.");
  }
  const unit = ((body?.purchase_units as Json[] | undefined) ?? [])[0];
  const amount = unit?.amount as Json | undefined;
  const amountCents = centsOf(amount);
  if (!unit || !Number.isInteger(amountCents) || typeof amount?.currency_code !== "string") {
    return invalid("MISSING_REQUIRED_PARAMETER", "A purchase unit's amount is required.");
  }
  const items = unit.items as Json[] | undefined;
  const breakdown = (amount.breakdown ?? {}) as Json;
  const shipping = (unit.shipping ?? {}) as { name?: Json; address?: Record<string, string> };
  const address = shipping.address ?? {};
  return {
    intent,
    amountCents,
    currency: amount.currency_code,
    customId: String(unit.custom_id ?? ""),
    referenceId: String(unit.reference_id ?? "default"),
    description: String(unit.description ?? ""),
    requestId,
    ...(items
      ? {
          goods: {
            items: items.map((item) => ({
              name: String(item.name),
              unitAmountCents: centsOf(item.unit_amount),
              quantity: Number(item.quantity),
            })),
            shippingCents: breakdown.shipping ? centsOf(breakdown.shipping) : 0,
            taxCents: breakdown.tax_total ? centsOf(breakdown.tax_total) : 0,
            shipTo: {
              name: String(shipping.name?.full_name ?? ""),
              line1: address.address_line_1 ?? "",
              ...(address.address_line_2 ? { line2: address.address_line_2 } : {}),
              city: address.admin_area_2 ?? "",
              state: address.admin_area_1 ?? "",
              postalCode: address.postal_code ?? "",
              // The one country the app ships to.
              country: address.country_code as "US",
            },
          },
        }
      : {}),
  };
}

/** The sandbox's order in Orders v2's shape, with what was paid and refunded under its purchase unit. */
export async function orderJson(db: Db, order: PaypalOrder): Promise<Json> {
  const [row] = await db
    .select({ description: sandboxPaypalOrders.description })
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.id, order.id));
  const refunds = order.capture
    ? await db
        .select()
        .from(sandboxPaypalRefunds)
        .where(eq(sandboxPaypalRefunds.captureId, order.capture.id))
        .orderBy(sandboxPaypalRefunds.createdAt)
    : [];
  const { currency } = order;
  const payments = {
    ...(order.authorization && {
      authorizations: [
        {
          id: order.authorization.id,
          status: order.authorization.status,
          amount: money(order.amountCents, currency),
          expiration_time: order.authorization.expiresAt ?? undefined,
        },
      ],
    }),
    ...(order.capture && {
      captures: [
        {
          id: order.capture.id,
          status: order.capture.status,
          amount: money(order.capture.amountCents, currency),
          final_capture: true,
        },
      ],
    }),
    ...(refunds.length > 0 && {
      refunds: refunds.map((r) => ({
        id: r.id,
        status: "COMPLETED",
        amount: money(r.amountCents, currency),
      })),
    }),
  };
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    create_time: order.createdAt ?? undefined,
    purchase_units: [
      {
        reference_id: order.referenceId ?? undefined,
        custom_id: order.customId ?? undefined,
        description: row?.description ?? undefined,
        amount: money(order.amountCents, currency),
        ...(Object.keys(payments).length > 0 && { payments }),
      },
    ],
    ...(order.payer && {
      payment_source: { paypal: { account_id: order.payer.id, email_address: order.payer.email } },
    }),
    links: [
      { href: `${API}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.approveUrl
        ? [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
              rel: "payer-action",
              method: "GET",
            },
          ]
        : []),
    ],
  };
}

/** The order holding an authorization or a capture; PayPal's refusal when none does. */
async function orderRow(db: Db, column: "authorizationId" | "captureId", id: string) {
  const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders[column], id));
  if (!row) throw new PaypalError("INVALID_RESOURCE_ID", `Specified resource ID ${id} does not exist.`, 404);
  return row;
}

/** /v2/checkout/orders: an order made, read, captured or authorized. */
export async function orders(paypal: PaypalApi, db: Db, call: PaypalCall): Promise<CannedReply | null> {
  const { method, id, action, body, requestId } = call;
  if (method === "POST" && !id) {
    const input = orderInput(body, requestId);
    if ("status" in input) return input;
    return { status: 201, body: await orderJson(db, await paypal.createOrder(input)) };
  }
  if (id && method === "GET" && !action)
    return { status: 200, body: await orderJson(db, await paypal.getOrder(id)) };
  if (id && method === "POST" && (action === "capture" || action === "authorize")) {
    const act = action === "capture" ? paypal.captureOrder : paypal.authorizeOrder;
    return { status: 201, body: await orderJson(db, await act({ id, requestId })) };
  }
  return null;
}

/** POST /v2/payments/authorizations/{id}/void and /capture. */
export async function authorizations(
  paypal: PaypalApi,
  db: Db,
  { action, body, requestId }: PaypalCall,
  id: string,
): Promise<CannedReply | null> {
  const row = await orderRow(db, "authorizationId", id);
  if (action === "void") {
    await paypal.voidAuthorization({ authorizationId: id, requestId });
    return { status: 200, body: { id, status: "VOIDED", amount: money(row.amountCents, row.currency) } };
  }
  if (action !== "capture") return null;
  const amount = body?.amount as Json | undefined;
  const capture = await paypal.captureAuthorization({
    authorizationId: id,
    amountCents: amount ? centsOf(amount) : row.amountCents,
    currency: row.currency,
    requestId,
  });
  const captured = await orderRow(db, "authorizationId", id);
  return {
    status: 201,
    body: {
      id: capture.id,
      status: capture.status,
      amount: money(captured.capturedCents, row.currency),
      final_capture: true,
    },
  };
}

/** POST /v2/payments/captures/{id}/refund. */
export async function refundCapture(
  paypal: PaypalApi,
  db: Db,
  { body, requestId }: PaypalCall,
  id: string,
): Promise<CannedReply> {
  const row = await orderRow(db, "captureId", id);
  const amount = body?.amount as Json | undefined;
  const refund = await paypal.refundCapture({
    captureId: id,
    // Without an amount, PayPal refunds what is left of the capture.
    amountCents: amount ? centsOf(amount) : row.capturedCents - row.refundedCents,
    currency: row.currency,
    requestId,
  });
  return {
    status: 201,
    body: { id: refund.id, status: refund.status, amount: money(refund.amountCents, row.currency) },
  };
}
