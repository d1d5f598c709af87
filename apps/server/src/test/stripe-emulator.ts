import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for api.stripe.com on 127.0.0.1, for tests: just the endpoints the `stripe` gateway uses, answering
 * Stripe-shaped JSON, and a record of every request it got (form bodies decoded) so tests can assert them exactly.
 */

export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. "/v1/payment_intents/pi_1/capture". */
  path: string;
  /** The decoded `application/x-www-form-urlencoded` body, keys as sent ("card[token]"). */
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
  /** The connected account a request acts on (`Stripe-Account` header), if any. */
  stripeAccount: string | null;
};

export type CannedReply = { status: number; body: unknown };

type Json = Record<string, unknown>;

/** What the emulator's test cards look like once tokenised. */
type TestCard = { brand: string; last4: string; funding: string };
const VISA: TestCard = { brand: "visa", last4: "4242", funding: "credit" };
const TOKEN_CARDS: Record<string, TestCard> = {
  tok_visa: VISA,
  tok_visa_debit: { brand: "visa", last4: "5556", funding: "debit" },
  tok_mastercard: { brand: "mastercard", last4: "4444", funding: "credit" },
  tok_amex: { brand: "amex", last4: "8431", funding: "credit" },
  tok_cartes_bancaires: { brand: "cartes_bancaires", last4: "1001", funding: "unknown" },
};

export function stripeError(status: number, error: Json): CannedReply {
  return {
    status,
    body: { error: { doc_url: `https://docs.stripe.com/error-codes/${error.code}`, ...error } },
  };
}

export const declined = () =>
  stripeError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  });

export const missing = (kind: string, id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });

export type StripeEmulator = {
  /** "http://127.0.0.1:<port>", for `apiBase`. */
  url: string;
  requests: RecordedRequest[];
  /** The payment intents the emulator holds, by id; tests may change them (as Stripe would, later). */
  intents: Map<string, Json>;
  /** The checkout sessions the emulator holds, by id; tests complete them (as a customer paying would). */
  checkoutSessions: Map<string, Json>;
  /** The next request to `METHOD path` gets this reply instead of the usual one. */
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);

function paymentMethod(id: string, card: TestCard, customer: string | null) {
  return {
    id,
    object: "payment_method",
    type: "card",
    created: now(),
    livemode: false,
    customer,
    metadata: {},
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: "Jenny Rosen", phone: null, tax_id: null },
    card: {
      brand: card.brand,
      display_brand: card.brand,
      country: "US",
      exp_month: 12,
      exp_year: 2034,
      funding: card.funding,
      last4: card.last4,
      fingerprint: `fp_${card.last4}`,
      networks: { available: [card.brand], preferred: null },
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

export async function startStripeEmulator(): Promise<StripeEmulator> {
  const requests: RecordedRequest[] = [];
  const canned = new Map<string, CannedReply[]>();
  const intents = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const methods = new Map<string, ReturnType<typeof paymentMethod>>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_emu${++counter}`;

  const route = (method: string, path: string, body: Record<string, string>): CannedReply => {
    const queued = canned.get(`${method} ${path}`)?.shift();
    if (queued) return queued;
    const parts = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
    const [, resource, id, action] = parts;

    if (resource === "customers" && method === "POST" && !id) {
      const metadata: Json = {};
      for (const [k, v] of Object.entries(body)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      return {
        status: 200,
        body: {
          id: nextId("cus"),
          object: "customer",
          created: now(),
          livemode: false,
          email: body.email ?? null,
          name: body.name ?? null,
          metadata,
        },
      };
    }

    if (resource === "payment_methods" && method === "POST") {
      if (!id) {
        const token = body["card[token]"] ?? "";
        const card = TOKEN_CARDS[token];
        if (!card) return missing("token", token);
        const pm = paymentMethod(nextId("pm"), card, null);
        methods.set(pm.id, pm);
        return { status: 200, body: pm };
      }
      const pm = methods.get(id) ?? paymentMethod(id, VISA, null);
      if (action === "attach") pm.customer = body.customer ?? null;
      if (action === "detach") pm.customer = null;
      methods.set(id, pm);
      return { status: 200, body: pm };
    }

    if (resource === "payment_intents") {
      if (method === "POST" && !id) {
        const manual = body.capture_method === "manual";
        const confirm = body.confirm === "true";
        const amount = Number(body.amount);
        const status = confirm
          ? manual
            ? "requires_capture"
            : "succeeded"
          : body.payment_method
            ? "requires_confirmation"
            : "requires_payment_method";
        const pid = nextId("pi");
        const metadata: Json = {};
        for (const [k, v] of Object.entries(body)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const intent: Json = {
          id: pid,
          object: "payment_intent",
          amount,
          amount_capturable: status === "requires_capture" ? amount : 0,
          amount_received: status === "succeeded" ? amount : 0,
          capture_method: body.capture_method ?? "automatic_async",
          client_secret: `${pid}_secret_emu`,
          confirmation_method: "automatic",
          created: now(),
          currency: body.currency,
          customer: body.customer ?? null,
          livemode: false,
          metadata,
          payment_method: body.payment_method ?? null,
          payment_method_types: ["card"],
          status,
          automatic_payment_methods: {
            enabled: true,
            allow_redirects: body["automatic_payment_methods[allow_redirects]"],
          },
        };
        intents.set(pid, intent);
        return { status: 200, body: intent };
      }
      const query = new URLSearchParams(path.split("?")[1] ?? "");
      if (method === "GET" && id === "search") {
        // Just the query form the adapter sends: metadata['key']:'value'.
        const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get("query") ?? "");
        const data = [...intents.values()].filter(
          (pi) => m && (pi.metadata as Record<string, string>)[m[1] ?? ""] === m[2],
        );
        return {
          status: 200,
          body: {
            object: "search_result",
            data,
            has_more: false,
            next_page: null,
            url: "/v1/payment_intents/search",
          },
        };
      }
      if (method === "GET" && !id) {
        const gte = Number(query.get("created[gte]") ?? 0);
        const lte = Number(query.get("created[lte]") ?? Number.MAX_SAFE_INTEGER);
        const data = [...intents.values()]
          .filter((pi) => (pi.created as number) >= gte && (pi.created as number) <= lte)
          .reverse();
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/payment_intents" } };
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent || !id) return missing("payment_intent", id ?? "");
      if (method === "GET" && !action) return { status: 200, body: intent };
      if (method === "POST" && action === "confirm") {
        intent.payment_method = body.payment_method ?? intent.payment_method;
        if (intent.capture_method === "manual") {
          intent.status = "requires_capture";
          intent.amount_capturable = intent.amount;
        } else {
          intent.status = "succeeded";
          intent.amount_received = intent.amount;
        }
        return { status: 200, body: intent };
      }
      if (method === "POST" && action === "capture") {
        intent.status = "succeeded";
        intent.amount_received = body.amount_to_capture ? Number(body.amount_to_capture) : intent.amount;
        intent.amount_capturable = 0;
        return { status: 200, body: intent };
      }
      if (method === "POST" && action === "cancel") {
        intent.status = "canceled";
        intent.amount_capturable = 0;
        intent.canceled_at = now();
        return { status: 200, body: intent };
      }
    }

    if (resource === "checkout" && id === "sessions") {
      if (method === "POST" && !action) {
        const lines: { quantity: number; amount: number; name: string }[] = [];
        for (let i = 0; body[`line_items[${i}][quantity]`] !== undefined; i++) {
          lines.push({
            quantity: Number(body[`line_items[${i}][quantity]`]),
            amount: Number(body[`line_items[${i}][price_data][unit_amount]`]),
            name: body[`line_items[${i}][price_data][product_data][name]`] ?? "",
          });
        }
        const metadata: Json = {};
        for (const [k, v] of Object.entries(body)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const sid = nextId("cs_test");
        const session: Json = {
          id: sid,
          object: "checkout.session",
          amount_subtotal: lines.reduce((sum, l) => sum + l.amount * l.quantity, 0),
          amount_total: lines.reduce((sum, l) => sum + l.amount * l.quantity, 0),
          client_secret: `${sid}_secret_emu`,
          created: now(),
          currency: body[`line_items[0][price_data][currency]`] ?? "usd",
          customer_details: null,
          customer_email: body.customer_email ?? null,
          livemode: false,
          metadata,
          mode: body.mode,
          payment_intent: null,
          payment_status: "unpaid",
          return_url: body.return_url,
          status: "open",
          ui_mode: body.ui_mode,
        };
        checkoutSessions.set(sid, session);
        return { status: 200, body: session };
      }
      const session = action ? checkoutSessions.get(action) : undefined;
      if (!session || !action) return missing("checkout.session", action ?? "");
      if (method === "GET") return { status: 200, body: session };
    }

    if (resource === "refunds" && method === "POST" && !id) {
      const intent = intents.get(body.payment_intent ?? "");
      if (!intent) return missing("payment_intent", body.payment_intent ?? "");
      return {
        status: 200,
        body: {
          id: nextId("re"),
          object: "refund",
          amount: body.amount ? Number(body.amount) : intent.amount_received,
          charge: `ch_for_${intent.id}`,
          created: now(),
          currency: intent.currency,
          metadata: {},
          payment_intent: intent.id,
          reason: null,
          status: "succeeded",
        },
      };
    }

    return stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
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
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        body: Object.fromEntries(new URLSearchParams(text)),
        idempotencyKey: header("idempotency-key"),
        authorization: header("authorization"),
        stripeVersion: header("stripe-version"),
        stripeAccount: header("stripe-account"),
      };
      requests.push(recorded);
      const reply = route(recorded.method, recorded.path, recorded.body);
      const payload = JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
        "request-id": `req_emu${requests.length}`,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    checkoutSessions,
    replyOnce(method, path, reply) {
      const key = `${method} ${path}`;
      canned.set(key, [...(canned.get(key) ?? []), reply]);
    },
    reset() {
      requests.length = 0;
      canned.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
