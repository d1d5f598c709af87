import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type PaypalApi, PaypalError } from "@mx/processors/paypal-api";
import { count } from "drizzle-orm";
import type { Db } from "../db";
import {
  answerSandboxPaypal,
  createSandboxPaypal,
  SANDBOX_PAYPAL_BUYER,
  SANDBOX_PAYPAL_PAYER_ID,
} from "../paypal";
import { sandboxPaypalOrders, sandboxPaypalPayouts } from "../schema";
import { createSandboxTestDatabase } from "../test-database";
import { capture, disputes } from "./paypal-disputes";
import { authorizations, orderJson, orders, type PaypalCall, refundCapture } from "./paypal-orders";
import { payoutJson, payouts } from "./paypal-payouts";
import { type CannedReply, type Json, paypalError } from "./paypal-replies";

export { paypalError } from "./paypal-replies";

/**
 * The sandbox's PayPal in PayPal's HTTP shape, for the tests of the PayPal adapter and the official SDK: a stand-in
 * for api-m.paypal.com on 127.0.0.1 with just the endpoints that adapter uses (OAuth token, webhook signature
 * verification, Orders v2, Payments v2, Payouts v1, Disputes v1). It keeps no business of its own: each call is the
 * sandbox's PayPal (`createSandboxPaypal`) on a test database of its own, and each answer is the sandbox's record in
 * PayPal's JSON. It keeps a record of every request it got, so tests can assert them exactly, and replies queued by tests.
 *
 * The endpoints live beside it: orders and payments (`paypal-orders.ts`), payouts (`paypal-payouts.ts`), disputes and
 * the capture read (`paypal-disputes.ts`).
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

const REFUSALS: Record<number, string> = {
  400: "INVALID_REQUEST",
  404: "RESOURCE_NOT_FOUND",
  422: "UNPROCESSABLE_ENTITY",
};

/** Which endpoint answers a call (`/<version>/<area>/<kind>/<id>/<action>`), or PayPal's 404. */
async function answer(
  paypal: PaypalApi,
  db: Db,
  method: string,
  path: string,
  body: Json | null,
  requestId: string,
) {
  const [, area, kind, id, action] = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
  const call: PaypalCall = { method, id, action, body, requestId };
  let reply: CannedReply | null = null;
  if (area === "checkout" && kind === "orders") reply = await orders(paypal, db, call);
  else if (area === "payments" && kind === "authorizations" && id && method === "POST") {
    reply = await authorizations(paypal, db, call, id);
  } else if (area === "payments" && kind === "captures" && id && action === "refund" && method === "POST") {
    reply = await refundCapture(paypal, db, call, id);
  } else if (area === "payments" && kind === "payouts") reply = await payouts(paypal, db, call);
  else if (area === "payments" && kind === "captures" && id && !action && method === "GET") {
    reply = await capture(paypal, id);
  } else if (area === "customer" && kind === "disputes") {
    reply = await disputes(paypal, call, new URLSearchParams(path.split("?")[1] ?? ""));
  }
  return (
    reply ?? { status: 404, body: { name: "NOT_FOUND", message: `No emulated route ${method} ${path}` } }
  );
}

/** The face's answer to one request: a reply a test queued, OAuth and webhook checks, else the endpoint's. */
async function route(
  paypal: PaypalApi,
  db: Db,
  canned: Map<string, CannedReply[]>,
  {
    method,
    path,
    body,
    requestId,
  }: { method: string; path: string; body: Json | null; requestId: string | null },
): Promise<CannedReply> {
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
    return await answer(paypal, db, method, path, body, requestId ?? randomUUID());
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    const name = REFUSALS[error.statusCode] ?? "UNPROCESSABLE_ENTITY";
    return paypalError(error.statusCode, name, error.issue, error.message);
  }
}

/** The face's HTTP server: it records each request (JSON, or a decoded form) and answers it with `respond`. */
async function listen(
  requests: PaypalRequest[],
  respond: (request: {
    method: string;
    path: string;
    body: Json | null;
    requestId: string | null;
  }) => Promise<CannedReply>,
): Promise<{ server: Server; port: number }> {
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
      respond({ method, path, body, requestId }).then(
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
  return { server, port: (server.address() as AddressInfo).port };
}

/** Starts the face on a port of its own, on a test database of the sandbox's tables. */
export async function startPaypalEmulator(): Promise<PaypalEmulator> {
  const { database, drop } = await createSandboxTestDatabase();
  const { db } = database;
  const paypal = createSandboxPaypal(db);
  const requests: PaypalRequest[] = [];
  const canned = new Map<string, CannedReply[]>();
  const { server, port } = await listen(requests, (request) => route(paypal, db, canned, request));
  const unknownAsNull = (error: unknown) => {
    if (error instanceof PaypalError && error.statusCode === 404) return null;
    throw error;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    db,
    order: (id) => paypal.getOrder(id).then((order) => orderJson(db, order), unknownAsNull),
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
