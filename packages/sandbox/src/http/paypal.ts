import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type CreateOrderInput,
  PaypalError,
  type PaypalOrder,
  type PaypalPayout,
} from "@mx/processors/paypal-api";
import { count, eq } from "drizzle-orm";
import type { Db } from "../db";
import {
  answerSandboxPaypal,
  createSandboxPaypal,
  SANDBOX_PAYPAL_BUYER,
  SANDBOX_PAYPAL_PAYER_ID,
  SENDER_BATCH_ID_USED,
  sendSandboxPaypalPayout,
} from "../paypal";
import { sandboxPaypalOrders, sandboxPaypalPayouts, sandboxPaypalRefunds } from "../schema";
import { createSandboxTestDatabase } from "../test-database";

/**
 * The sandbox's PayPal in PayPal's HTTP shape, for the tests of the PayPal adapter and the official SDK: a stand-in
 * for api-m.paypal.com on 127.0.0.1 with just the endpoints that adapter uses (OAuth token, webhook signature
 * verification, Orders v2, Payments v2, Payouts v1). It keeps no business of its own: each call is the sandbox's
 * PayPal (`createSandboxPaypal`) on a test database of its own, and each answer is the sandbox's record in PayPal's
 * JSON. It keeps a record of every request it got, so tests can assert them exactly, and replies queued by tests.
 */

type PaypalRequest = {
  method: string;
  path: string;
  /** The JSON body (or the decoded form, for the OAuth token), null without one. */
  body: unknown;
  requestId: string | null;
  authorization: string | null;
  prefer: string | null;
  /** The `Content-Type` header as sent, null without one. */
  contentType: string | null;
};

export type CannedReply = { status: number; body: unknown };
type Json = Record<string, unknown>;

export const paypalError = (
  status: number,
  name: string,
  issue: string,
  description: string,
): CannedReply => ({
  status,
  body: {
    name,
    message:
      "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: "emu0debug",
    details: [{ issue, description }],
  },
});

export type PaypalEmulator = {
  url: string;
  requests: PaypalRequest[];
  /** The sandbox's database behind it, for a test that changes what PayPal would (a payout item returned, …). */
  db: Db;
  /** An order as GET /v2/checkout/orders/{id} answers it; null for an unknown id. */
  order(id: string): Promise<Json | null>;
  /** A payout batch as GET /v1/payments/payouts/{id} answers it; null for an unknown id. */
  payout(id: string): Promise<Json | null>;
  /** How many orders, and payout batches, were made. */
  orderCount(): Promise<number>;
  payoutCount(): Promise<number>;
  /** The payer approves the order, as they would in PayPal's pop-up. */
  approve(orderId: string): Promise<void>;
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

export const EMULATOR_TOKEN = "A21AAemulatortoken";
/** The emulator's payer, who approves every order: the sandbox's test buyer. */
export const EMULATOR_PAYER = { id: SANDBOX_PAYPAL_PAYER_ID, email: SANDBOX_PAYPAL_BUYER };

const API = "https://api-m.sandbox.paypal.com";
const REFUSALS: Record<number, string> = {
  400: "INVALID_REQUEST",
  404: "RESOURCE_NOT_FOUND",
  422: "UNPROCESSABLE_ENTITY",
};

/** PayPal's money: a decimal string in the currency's units ("12.34"). */
const money = (cents: number, currency: string) => ({
  currency_code: currency,
  value: (cents / 100).toFixed(2),
});
const centsOf = (amount: unknown) =>
  Math.round(Number((amount as Json | undefined)?.value ?? Number.NaN) * 100);
const invalid = (issue: string, description: string) =>
  paypalError(400, "INVALID_REQUEST", issue, description);

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

export async function startPaypalEmulator(): Promise<PaypalEmulator> {
  const { database, drop } = await createSandboxTestDatabase();
  const { db } = database;
  const paypal = createSandboxPaypal(db);
  const requests: PaypalRequest[] = [];
  const canned = new Map<string, CannedReply[]>();

  const orderRow = async (column: "authorizationId" | "captureId", id: string) => {
    const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders[column], id));
    if (!row)
      throw new PaypalError("INVALID_RESOURCE_ID", `Specified resource ID ${id} does not exist.`, 404);
    return row;
  };

  /** The sandbox's order in Orders v2's shape, with what was paid and refunded under its purchase unit. */
  async function orderJson(order: PaypalOrder): Promise<Json> {
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

  /** A payout batch in Payouts v1's shape: its header, and its one item once PayPal names it. */
  const payoutJson = (payout: PaypalPayout, created = false): Json => {
    const amount = { value: (payout.amountCents / 100).toFixed(2), currency: payout.currency };
    const self = [{ href: `${API}/v1/payments/payouts/${payout.id}`, rel: "self", method: "GET" }];
    const header = {
      payout_batch_id: payout.id,
      sender_batch_header: { sender_batch_id: payout.senderBatchId, recipient_type: "PAYPAL_ID" },
    };
    // Created: PayPal answers with the header alone, still pending.
    if (created) return { batch_header: { ...header, batch_status: "PENDING" }, links: self };
    return {
      batch_header: { ...header, batch_status: payout.status, amount },
      items: [
        {
          transaction_status: payout.itemStatus ?? undefined,
          payout_batch_id: payout.id,
          payout_item: { recipient_type: "PAYPAL_ID", receiver: payout.receiver, amount },
        },
      ],
      links: self,
    };
  };

  async function answer(
    method: string,
    path: string,
    body: Json | null,
    requestId: string,
  ): Promise<CannedReply> {
    const [, area, kind, id, action] = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
    if (area === "checkout" && kind === "orders") {
      if (method === "POST" && !id) {
        const input = orderInput(body, requestId);
        if ("status" in input) return input;
        return { status: 201, body: await orderJson(await paypal.createOrder(input)) };
      }
      if (id && method === "GET" && !action)
        return { status: 200, body: await orderJson(await paypal.getOrder(id)) };
      if (id && method === "POST" && (action === "capture" || action === "authorize")) {
        const call = action === "capture" ? paypal.captureOrder : paypal.authorizeOrder;
        return { status: 201, body: await orderJson(await call({ id, requestId })) };
      }
    }
    if (area === "payments" && kind === "authorizations" && id && method === "POST") {
      const row = await orderRow("authorizationId", id);
      if (action === "void") {
        await paypal.voidAuthorization({ authorizationId: id, requestId });
        return { status: 200, body: { id, status: "VOIDED", amount: money(row.amountCents, row.currency) } };
      }
      if (action === "capture") {
        const amount = body?.amount as Json | undefined;
        const capture = await paypal.captureAuthorization({
          authorizationId: id,
          amountCents: amount ? centsOf(amount) : row.amountCents,
          currency: row.currency,
          requestId,
        });
        const captured = await orderRow("authorizationId", id);
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
    }
    if (area === "payments" && kind === "captures" && id && action === "refund" && method === "POST") {
      const row = await orderRow("captureId", id);
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
    if (area === "payments" && kind === "payouts") {
      if (method === "POST" && !id) {
        const header = (body?.sender_batch_header ?? {}) as Json;
        const item = ((body?.items as Json[] | undefined) ?? [])[0] ?? {};
        const amount = (item.amount ?? {}) as Json;
        const senderBatchId = String(header.sender_batch_id ?? "");
        const input = {
          receiver: String(item.receiver ?? ""),
          amountCents: centsOf(amount),
          currency: String(amount.currency ?? ""),
          senderBatchId,
          note: String(item.note ?? ""),
        };
        try {
          return { status: 201, body: payoutJson(await sendSandboxPaypalPayout(db, input, requestId), true) };
        } catch (error) {
          if (!(error instanceof PaypalError) || error.message !== SENDER_BATCH_ID_USED) throw error;
          const [used] = await db
            .select({ id: sandboxPaypalPayouts.id })
            .from(sandboxPaypalPayouts)
            .where(eq(sandboxPaypalPayouts.senderBatchId, senderBatchId));
          return {
            status: 400,
            body: {
              name: "USER_BUSINESS_ERROR",
              message: "User business error.",
              debug_id: "emu0debug",
              details: [{ field: "SENDER_BATCH_ID", issue: SENDER_BATCH_ID_USED }],
              links: [{ href: `${API}/v1/payments/payouts/${used?.id}`, rel: "self", method: "GET" }],
            },
          };
        }
      }
      if (id && method === "GET") return { status: 200, body: payoutJson(await paypal.getPayout(id)) };
    }
    return { status: 404, body: { name: "NOT_FOUND", message: `No emulated route ${method} ${path}` } };
  }

  async function route(method: string, path: string, body: Json | null, requestId: string | null) {
    const queued = canned.get(`${method} ${path}`)?.shift();
    if (queued) return queued;
    if (method === "POST" && path === "/v1/oauth2/token") {
      return { status: 200, body: { access_token: EMULATOR_TOKEN, token_type: "Bearer", expires_in: 32400 } };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      // The emulator's PayPal signed a delivery when its signature is "emulator-signature".
      const signed =
        body?.transmission_sig === "emulator-signature" && body?.webhook_id === "5GP028458E2496506";
      return { status: 200, body: { verification_status: signed ? "SUCCESS" : "FAILURE" } };
    }
    try {
      // A call without a PayPal-Request-Id is one of its own: PayPal does its work each time.
      return await answer(method, path, body, requestId ?? randomUUID());
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      const name = REFUSALS[error.statusCode] ?? "UNPROCESSABLE_ENTITY";
      return paypalError(error.statusCode, name, error.issue, error.message);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === "string" ? value : null;
      };
      const isForm = (header("content-type") ?? "").includes("x-www-form-urlencoded");
      const body = text ? (isForm ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)) : null;
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const requestId = header("paypal-request-id");
      requests.push({
        method,
        path,
        body,
        requestId,
        authorization: header("authorization"),
        prefer: header("prefer"),
        contentType: header("content-type"),
      });
      route(method, path, body, requestId).then(
        (reply) => {
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(JSON.stringify(reply.body));
        },
        (error: unknown) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const unknownAsNull = (error: unknown) => {
    if (error instanceof PaypalError && error.statusCode === 404) return null;
    throw error;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    db,
    order: (id) => paypal.getOrder(id).then(orderJson, unknownAsNull),
    payout: (id) => paypal.getPayout(id).then((payout) => payoutJson(payout), unknownAsNull),
    orderCount: async () => (await db.select({ n: count() }).from(sandboxPaypalOrders))[0]?.n ?? 0,
    payoutCount: async () => (await db.select({ n: count() }).from(sandboxPaypalPayouts))[0]?.n ?? 0,
    async approve(orderId) {
      await answerSandboxPaypal(db, orderId, "approve");
    },
    replyOnce(method, path, reply) {
      canned.set(`${method} ${path}`, [...(canned.get(`${method} ${path}`) ?? []), reply]);
    },
    reset() {
      requests.length = 0;
      canned.clear();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await drop();
    },
  };
}
