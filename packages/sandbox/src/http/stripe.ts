import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { STRIPE_COLLECTED_ACCOUNT_REFUSAL } from "../payouts";
import { CARD_MESSAGES, type TokenisedCard, testTokenCard } from "../test-cards";

/**
 * The sandbox's face in Stripe's HTTP shape, for the tests of the `stripe` adapter and the official SDK: a stand-in
 * for api.stripe.com on 127.0.0.1 with just the endpoints that adapter uses, answering Stripe-shaped JSON, and a
 * record of every request it got (form bodies decoded) so tests can assert them exactly. Its test tokens and
 * Stripe's wording of a refusal are the sandbox's own (`test-cards.ts`).
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

/** A payment method the tests name without making it (`pm_…` ids of their own) is Stripe's test Visa. */
const VISA = testTokenCard("tok_visa") as TokenisedCard;

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
    message: CARD_MESSAGES.card_declined,
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
  /**
   * The connected accounts it holds, by id; tests change them as Stripe would later (`details_submitted`,
   * `requirements`), or add one made the old way (`controller.requirement_collection: "stripe"`).
   */
  accounts: Map<string, Json>;
  /** The payouts made on connected accounts, by id. */
  payouts: Map<string, Json>;
  /** The next request to `METHOD path` gets this reply instead of the usual one. */
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);

function paymentMethod(id: string, card: TokenisedCard, customer: string | null) {
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

/** A connected account as Stripe returns it to the platform that controls it. */
export function connectedAccount(
  id: string,
  collection: "application" | "stripe",
  email: string | null = null,
) {
  return {
    id,
    object: "account",
    business_type: null,
    capabilities: { transfers: "inactive" },
    charges_enabled: false,
    controller: {
      fees: { payer: "application" },
      is_controller: true,
      losses: { payments: "application" },
      requirement_collection: collection,
      stripe_dashboard: { type: collection === "application" ? "none" : "express" },
      type: "application",
    },
    country: "US",
    created: now(),
    default_currency: "usd",
    details_submitted: false,
    email,
    external_accounts: {
      object: "list",
      data: [] as Json[],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    metadata: {},
    payouts_enabled: false,
    requirements: {
      current_deadline: null,
      currently_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      disabled_reason: "requirements.past_due",
      eventually_due: [],
      errors: [],
      past_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      pending_verification: [],
    },
    type: "custom",
  };
}

/** What the emulator says to an external-account change on an account whose requirements Stripe collects. */
export const EXTERNAL_ACCOUNT_REFUSAL = STRIPE_COLLECTED_ACCOUNT_REFUSAL;

export async function startStripeEmulator(): Promise<StripeEmulator> {
  const requests: RecordedRequest[] = [];
  const canned = new Map<string, CannedReply[]>();
  const intents = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const connected = new Map<string, Json>();
  const payoutsMade = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const methods = new Map<string, ReturnType<typeof paymentMethod>>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_emu${++counter}`;

  const metadataOf = (body: Record<string, string>): Json => {
    const metadata: Json = {};
    for (const [k, v] of Object.entries(body)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    return metadata;
  };
  const cardsOf = (account: Json) => (account.external_accounts as { data: Json[] }).data;

  /** Connected accounts, their onboarding links and their external accounts (debit cards). */
  const accountRoute = (
    method: string,
    id: string | undefined,
    action: string | undefined,
    cardId: string | undefined,
    body: Record<string, string>,
    path: string,
  ): CannedReply | null => {
    if (method === "POST" && !id) {
      const collection =
        body["controller[requirement_collection]"] === "application" ? "application" : "stripe";
      const account = connectedAccount(nextId("acct"), collection, body.email ?? null);
      account.metadata = metadataOf(body);
      connected.set(account.id, account);
      return { status: 200, body: account };
    }
    const account = id ? connected.get(id) : undefined;
    if (!account || !id) return id ? missing("account", id) : null;
    if (method === "GET" && !action) return { status: 200, body: account };
    if (action !== "external_accounts") return null;
    const cards = cardsOf(account);
    if (method === "GET" && !cardId) {
      const query = new URLSearchParams(path.split("?")[1] ?? "");
      const data = cards.filter((c) => !query.get("object") || c.object === query.get("object"));
      return {
        status: 200,
        body: { object: "list", data, has_more: false, url: `/v1/accounts/${id}/external_accounts` },
      };
    }
    // Stripe lets the platform see these on any account, but change them only where it collects the requirements.
    if ((account.controller as { requirement_collection: string }).requirement_collection !== "application") {
      return stripeError(400, { type: "invalid_request_error", ...EXTERNAL_ACCOUNT_REFUSAL });
    }
    const makeDefault = (card: Json) => {
      for (const c of cards) c.default_for_currency = false;
      card.default_for_currency = true;
    };
    if (method === "POST" && !cardId) {
      const token = body.external_account ?? "";
      const tokenCard = testTokenCard(token);
      if (!tokenCard) return missing("token", token);
      if (tokenCard.funding !== "debit") {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "invalid_card_type",
          message: "This card doesn't appear to be a debit card.",
          param: "external_account",
        });
      }
      const card: Json = {
        id: nextId("card"),
        object: "card",
        account: id,
        brand:
          tokenCard.brand === "mastercard" ? "MasterCard" : tokenCard.brand === "visa" ? "Visa" : "Discover",
        country: "US",
        currency: "usd",
        default_for_currency: false,
        exp_month: 12,
        exp_year: 2034,
        funding: tokenCard.funding,
        last4: tokenCard.last4,
        metadata: {},
        // Visa and Mastercard debit cards take instant payouts here; others (the Discover debit card) standard only.
        available_payout_methods:
          tokenCard.brand === "visa" || tokenCard.brand === "mastercard"
            ? ["standard", "instant"]
            : ["standard"],
      };
      cards.unshift(card);
      if (body.default_for_currency === "true" || cards.length === 1) makeDefault(card);
      return { status: 200, body: card };
    }
    const card = cards.find((c) => c.id === cardId);
    if (!card || !cardId) return missing("external account", cardId ?? "");
    if (method === "POST") {
      if (body.default_for_currency === "true") makeDefault(card);
      return { status: 200, body: card };
    }
    if (method === "DELETE") {
      if (card.default_for_currency === true && cards.length > 1) {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "default_external_account_deletion",
          message: "You cannot delete the default external account for your default currency.",
        });
      }
      cards.splice(cards.indexOf(card), 1);
      return { status: 200, body: { id: cardId, object: "card", deleted: true } };
    }
    return null;
  };

  const route = (
    method: string,
    path: string,
    body: Record<string, string>,
    stripeAccount: string | null,
  ): CannedReply => {
    const queued = canned.get(`${method} ${path}`)?.shift();
    if (queued) return queued;
    const parts = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
    const [, resource, id, action] = parts;

    if (resource === "accounts") {
      const reply = accountRoute(method, id, action, parts[4], body, path);
      if (reply) return reply;
    }

    if (resource === "account_links" && method === "POST" && !id) {
      const account = connected.get(body.account ?? "");
      if (!account) return missing("account", body.account ?? "");
      return {
        status: 200,
        body: {
          object: "account_link",
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.com/setup/c/${account.id}/${nextId("link")}`,
        },
      };
    }

    if (resource === "payouts" && method === "GET" && id) {
      const payout = payoutsMade.get(id);
      if (!payout) return missing("payout", id);
      return { status: 200, body: payout };
    }

    if (resource === "transfers" && method === "POST" && !id) {
      const destination = connected.get(body.destination ?? "");
      if (!destination) return missing("account", body.destination ?? "");
      const transfer: Json = {
        id: nextId("tr"),
        object: "transfer",
        amount: Number(body.amount),
        amount_reversed: 0,
        currency: body.currency,
        destination: destination.id,
        metadata: metadataOf(body),
        transfer_group: body.transfer_group ?? null,
      };
      transfers.set(transfer.id as string, transfer);
      return { status: 200, body: transfer };
    }
    if (resource === "transfers" && id && transfers.has(id)) {
      const transfer = transfers.get(id) as Json;
      if (method === "GET" && !action) return { status: 200, body: transfer };
      if (method === "POST" && action === "reversals") {
        const amount = Number(body.amount);
        transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
        return {
          status: 200,
          body: { id: nextId("trr"), object: "transfer_reversal", amount, transfer: id },
        };
      }
    }

    if (resource === "payouts" && method === "POST" && !id) {
      const account = connected.get(stripeAccount ?? "");
      if (!account) return missing("account", stripeAccount ?? "");
      if (account.payouts_enabled !== true) {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "payouts_not_allowed",
          message: "Payouts have been disabled on this account.",
        });
      }
      const cards = cardsOf(account);
      const card = body.destination
        ? cards.find((c) => c.id === body.destination)
        : cards.find((c) => c.default_for_currency === true);
      if (body.destination && !card) return missing("external account", body.destination);
      const methods = (card?.available_payout_methods as string[] | undefined) ?? ["standard"];
      if (body.method === "instant" && !methods.includes("instant")) {
        return stripeError(400, {
          type: "invalid_request_error",
          code: "instant_payouts_unsupported",
          message: "This card is not eligible for Instant Payouts. Try a debit card from a supported bank.",
          param: "destination",
        });
      }
      const payout: Json = {
        id: nextId("po"),
        object: "payout",
        amount: Number(body.amount),
        arrival_date: now(),
        automatic: false,
        currency: body.currency,
        destination: card?.id ?? null,
        failure_code: null,
        failure_message: null,
        metadata: metadataOf(body),
        method: body.method ?? "standard",
        status: body.method === "instant" ? "paid" : "pending",
      };
      payoutsMade.set(payout.id as string, payout);
      return { status: 200, body: payout };
    }

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
        const card = testTokenCard(token);
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
      const reply = route(recorded.method, recorded.path, recorded.body, recorded.stripeAccount);
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
    accounts: connected,
    payouts: payoutsMade,
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
