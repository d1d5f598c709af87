import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The sandbox's face in PayPal's HTTP shape, for the tests of the PayPal adapter and the official SDK: a stand-in
 * for api-m.paypal.com on 127.0.0.1 with just the endpoints that adapter uses (OAuth token,
 * Orders v2, Payments v2, Payouts v1), answering PayPal-shaped JSON, honouring PayPal-Request-Id as PayPal does, and a record of
 * every request it got so tests can assert them exactly.
 */

export type PaypalRequest = {
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
  orders: Map<string, Json>;
  /** Payout batches made, by PayPal's payout_batch_id. */
  payouts: Map<string, Json>;
  /** The payer approves the order, as they would in PayPal's pop-up. */
  approve(orderId: string): void;
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

export const EMULATOR_TOKEN = "A21AAemulatortoken";
/** The emulator's payer: who approves every order. */
export const EMULATOR_PAYER = { id: "EMUPAYER7QX2L", email: "emulator-buyer@example.com" };

export async function startPaypalEmulator(): Promise<PaypalEmulator> {
  const requests: PaypalRequest[] = [];
  const canned = new Map<string, CannedReply[]>();
  const orders = new Map<string, Json>();
  const payouts = new Map<string, Json>();
  const byRequestId = new Map<string, CannedReply>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}${String(++counter).padStart(17 - prefix.length, "0")}`;

  const unit = (order: Json) => (order.purchase_units as Json[])[0] as Json;
  const payments = (order: Json) => {
    const u = unit(order);
    u.payments ??= {};
    return u.payments as { authorizations?: Json[]; captures?: Json[]; refunds?: Json[] };
  };
  const findBy = (kind: "authorizations" | "captures", id: string) => {
    for (const order of orders.values()) {
      const found = payments(order)[kind]?.find((p) => p.id === id);
      if (found) return { order, found };
    }
    return null;
  };
  const notFound = (what: string) =>
    paypalError(
      404,
      "RESOURCE_NOT_FOUND",
      "INVALID_RESOURCE_ID",
      `Specified resource ID ${what} does not exist.`,
    );

  const route = (method: string, path: string, body: Json | null): CannedReply => {
    const queued = canned.get(`${method} ${path}`)?.shift();
    if (queued) return queued;
    const parts = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
    if (method === "POST" && path === "/v1/oauth2/token") {
      return { status: 200, body: { access_token: EMULATOR_TOKEN, token_type: "Bearer", expires_in: 32400 } };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      // The emulator's PayPal signed a delivery when its signature is "emulator-signature".
      const signed =
        body?.transmission_sig === "emulator-signature" && body?.webhook_id === "5GP028458E2496506";
      return { status: 200, body: { verification_status: signed ? "SUCCESS" : "FAILURE" } };
    }
    const [, area, kind, id, action] = parts;
    if (area === "checkout" && kind === "orders") {
      if (method === "POST" && !id) {
        const orderId = nextId("EMU");
        const order: Json = {
          id: orderId,
          intent: body?.intent,
          status: "CREATED",
          create_time: new Date().toISOString(),
          purchase_units: body?.purchase_units,
          links: [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}`,
              rel: "payer-action",
              method: "GET",
            },
          ],
        };
        orders.set(orderId, order);
        return { status: 201, body: order };
      }
      const order = id ? orders.get(id) : undefined;
      if (!order) return notFound(id ?? "");
      if (method === "GET" && !action) return { status: 200, body: order };
      if (method === "POST" && (action === "capture" || action === "authorize")) {
        if (order.status !== "APPROVED") {
          return paypalError(
            422,
            "UNPROCESSABLE_ENTITY",
            "ORDER_NOT_APPROVED",
            "Payer has not yet approved the Order for payment.",
          );
        }
        const amount = unit(order).amount as Json;
        const made = {
          id: nextId(action === "capture" ? "CAP" : "AUT"),
          status: action === "capture" ? "COMPLETED" : "CREATED",
          amount: { currency_code: amount.currency_code, value: amount.value },
        };
        payments(order)[action === "capture" ? "captures" : "authorizations"] = [made];
        order.status = "COMPLETED";
        return { status: 201, body: order };
      }
    }
    if (area === "payments" && kind === "authorizations" && id && method === "POST") {
      const hit = findBy("authorizations", id);
      if (!hit) return notFound(id);
      if (action === "void") {
        hit.found.status = "VOIDED";
        return { status: 200, body: { id, status: "VOIDED" } };
      }
      if (action === "capture") {
        hit.found.status = "CAPTURED";
        const capture = {
          id: nextId("CAP"),
          status: "COMPLETED",
          amount: (body?.amount as Json) ?? hit.found.amount,
          final_capture: true,
        };
        payments(hit.order).captures = [capture];
        return { status: 201, body: capture };
      }
    }
    if (area === "payments" && kind === "captures" && id && action === "refund" && method === "POST") {
      const hit = findBy("captures", id);
      if (!hit) return notFound(id);
      const refund = { id: nextId("REF"), status: "COMPLETED", amount: body?.amount ?? hit.found.amount };
      payments(hit.order).refunds = [...(payments(hit.order).refunds ?? []), refund];
      hit.found.status = "REFUNDED";
      return { status: 201, body: refund };
    }
    if (area === "payments" && kind === "payouts") {
      if (method === "POST" && !id) {
        const header = (body?.sender_batch_header ?? {}) as Json;
        const senderBatchId = String(header.sender_batch_id ?? "");
        const earlier = [...payouts.values()].find(
          (p) => ((p.batch_header as Json).sender_batch_header as Json).sender_batch_id === senderBatchId,
        );
        if (earlier) {
          const batchId = (earlier.batch_header as Json).payout_batch_id;
          return {
            status: 400,
            body: {
              name: "USER_BUSINESS_ERROR",
              message: "User business error.",
              debug_id: "emu0debug",
              details: [
                { field: "SENDER_BATCH_ID", issue: `Batch with given sender_batch_id already exists` },
              ],
              links: [
                {
                  href: `https://api-m.sandbox.paypal.com/v1/payments/payouts/${batchId}`,
                  rel: "self",
                  method: "GET",
                },
              ],
            },
          };
        }
        const batchId = nextId("PB");
        const item = ((body?.items as Json[]) ?? [])[0] ?? {};
        const batch = {
          batch_header: {
            payout_batch_id: batchId,
            batch_status: "SUCCESS",
            sender_batch_header: header,
            amount: item.amount,
          },
          items: [
            {
              payout_item_id: nextId("PI"),
              transaction_status: "SUCCESS",
              payout_batch_id: batchId,
              payout_item: item,
            },
          ],
        };
        payouts.set(batchId, batch);
        // Created: PayPal answers with the header alone, still pending.
        return {
          status: 201,
          body: { batch_header: { ...batch.batch_header, batch_status: "PENDING", amount: undefined } },
        };
      }
      const batch = id ? payouts.get(id) : undefined;
      if (method === "GET" && batch) return { status: 200, body: batch };
      if (method === "GET") return notFound(id ?? "");
    }
    return { status: 404, body: { name: "NOT_FOUND", message: `No emulated route ${method} ${path}` } };
  };

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
      // PayPal answers a repeated PayPal-Request-Id with its first reply, and does the work once.
      const key = requestId ? `${method} ${path.split("/").slice(0, 4).join("/")} ${requestId}` : null;
      const reply = (key && byRequestId.get(key)) || route(method, path, body);
      if (key && reply.status < 300) byRequestId.set(key, reply);
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    payouts,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) return;
      order.status = "APPROVED";
      order.payment_source = {
        paypal: { account_id: EMULATOR_PAYER.id, email_address: EMULATOR_PAYER.email },
      };
    },
    replyOnce(method, path, reply) {
      canned.set(`${method} ${path}`, [...(canned.get(`${method} ${path}`) ?? []), reply]);
    },
    reset() {
      requests.length = 0;
      canned.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
