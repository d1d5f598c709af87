import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { IntentStatus, PaymentGateway } from "@mx/processors/gateway";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import { setSandboxCheckoutShipping, setSandboxCheckoutTax } from "../checkout";
import { paySandboxCheckoutSession } from "../checkout-payment";
import { createSandboxAccount, type SandboxAccountChange, updateSandboxAccount } from "../connect";
import type { Db } from "../db";
import { createSandboxGateway, setSandboxIntentState } from "../gateway";
import { createSandboxTestDatabase } from "../test-database";
import { checkoutSessions } from "./stripe-checkout";
import { accounts, createAccountLink, payouts, transfers } from "./stripe-connect";
import { type RecordedRequest, type StripeCall, type StripeHere, stripeHere } from "./stripe-context";
import { disputes, earlyFraudWarnings } from "./stripe-disputes";
import { createCustomer, createRefund, intents, paymentMethods } from "./stripe-payments";
import { asStripeError, type CannedReply, type Json, stripeError } from "./stripe-replies";
import { renderSession } from "./stripe-shapes-checkout";
import { renderPayout } from "./stripe-shapes-connect";
import { renderIntent } from "./stripe-shapes-payments";

export { declined, missing, stripeError } from "./stripe-replies";
export { connectedAccount, EXTERNAL_ACCOUNT_REFUSAL } from "./stripe-shapes-connect";

/**
 * The sandbox's face in Stripe's HTTP shape, for the tests of the `stripe` adapter and the official SDK: a stand-in
 * for api.stripe.com on 127.0.0.1 with just the endpoints that adapter uses, answering Stripe-shaped JSON, and a
 * record of every request it got (form bodies decoded) so tests can assert them exactly.
 *
 * It holds no records of its own: each request is a call on the sandbox processor (its gateway, payouts and
 * checkout, or the sandbox's functions for what Stripe's API offers beyond the product's interface), on a database
 * of the sandbox's tables opened for it (`test-database.ts`), and each reply is the sandbox's rows in Stripe's shape.
 * Stripe's test tokens (`tok_visa`, …) stand for the sandbox's test cards; a `pm_…` a test names without making it
 * is one of Stripe's shared test payment methods, its test Visa.
 *
 * The endpoints live in files of their own, by group: payments (customers, payment methods, intents, refunds),
 * Connect (accounts, their cards and links, transfers, payouts), Checkout, and disputes with Radar's early fraud
 * warnings; the rows' Stripe shapes beside them.
 */

/** What Stripe may later say of a connected account, in its words. */
type StripeAccountChange = {
  details_submitted?: boolean;
  requirements?: { currently_due?: string[]; past_due?: string[] };
};

export type StripeEmulator = {
  /** "http://127.0.0.1:<port>", for `apiBase`. */
  url: string;
  requests: RecordedRequest[];
  /** The sandbox processor the face speaks for, for a test to make records as another of Stripe's clients would. */
  sandbox: PaymentGateway;
  /** The sandbox's database behind it, for a test that changes what Stripe would (a cardholder's dispute, …). */
  db: Db;
  /** A payment intent as Stripe returns it, or null. */
  intent(id: string): Promise<Json | null>;
  /** The intent as Stripe changes it later (the customer's bank, a refund made elsewhere, the dashboard). */
  updateIntent(
    id: string,
    change: { status?: IntentStatus; amount_received?: number; payment_method?: string },
  ): Promise<void>;
  /** A checkout session as Stripe returns it (with its shipping rate expanded), or null. */
  checkoutSession(id: string): Promise<Json | null>;
  /**
   * The customer pays the session in Stripe's form with its test Visa: the address and rate given first (when it
   * offers rates), and the tax Stripe Tax computed for them (the sandbox's statewide rate on the goods otherwise).
   */
  completeCheckout(
    id: string,
    payment?: { address: ShippingAddress; rate: string; taxCents?: number },
  ): Promise<void>;
  /** A connected account as Stripe returns it to the platform, or null. */
  account(id: string): Promise<Json | null>;
  /** An account made elsewhere (by hand in the dashboard, or the old way, Stripe collecting its requirements). */
  addAccount(
    account: StripeAccountChange & {
      id: string;
      collection: "application" | "stripe";
      email?: string | null;
    },
  ): Promise<void>;
  /** The account as Stripe changes it later (`details_submitted`, `requirements`). */
  updateAccount(id: string, change: StripeAccountChange): Promise<void>;
  /** A payout made on a connected account, as Stripe returns it, or null. */
  payout(id: string): Promise<Json | null>;
  /** The next request to `METHOD path` gets this reply instead of the usual one. */
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

/** Which endpoint answers a call: the resource's handler, when the method and path are one it knows. */
function endpointOf({ method, id }: StripeCall, resource: string | undefined) {
  if (resource === "customers" && method === "POST" && !id) return createCustomer;
  if (resource === "payment_methods" && method === "POST") return paymentMethods;
  if (resource === "payment_intents") return intents;
  if (resource === "refunds" && method === "POST" && !id) return createRefund;
  if (resource === "accounts") return accounts;
  if (resource === "account_links" && method === "POST" && !id) return createAccountLink;
  if (resource === "transfers") return transfers;
  if (resource === "payouts") return payouts;
  if (resource === "checkout" && id === "sessions") return checkoutSessions;
  if (resource === "disputes") return disputes;
  if (resource === "radar") return earlyFraudWarnings;
  return null;
}

/** The face's answer to one request: a reply a test queued for it, else the endpoint's, else Stripe's 404. */
async function route(
  here: StripeHere,
  canned: Map<string, CannedReply[]>,
  recorded: RecordedRequest,
): Promise<CannedReply> {
  const { method, path } = recorded;
  const queued = canned.get(`${method} ${path}`)?.shift();
  if (queued) return queued;
  const [pathname = "", search = ""] = path.split("?");
  const [, resource, id, action, sub] = pathname.split("/").filter(Boolean);
  const call: StripeCall = { ...recorded, id, action, sub, query: new URLSearchParams(search) };
  let reply: CannedReply | null = null;
  try {
    reply = (await endpointOf(call, resource)?.(here, call)) ?? null;
  } catch (error) {
    return asStripeError(error);
  }
  return (
    reply ??
    stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    })
  );
}

/** The face's HTTP server: it records each request (form body decoded) and answers it with `answer`. */
async function listen(
  requests: RecordedRequest[],
  answer: (recorded: RecordedRequest) => Promise<CannedReply>,
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
      const number = requests.length;
      void answer(recorded).then((reply) => {
        const payload = JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "request-id": `req_emu${number}`,
        });
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** An account change in Stripe's words, in the sandbox's. */
const accountChange = (change: StripeAccountChange): SandboxAccountChange => ({
  ...(change.details_submitted === undefined ? {} : { detailsSubmitted: change.details_submitted }),
  ...(change.requirements?.currently_due ? { currentlyDue: change.requirements.currently_due } : {}),
  ...(change.requirements?.past_due ? { pastDue: change.requirements.past_due } : {}),
});

/** What a test reads and changes through the face as Stripe's other clients would: its records, in Stripe's shape. */
function stripeRecords(here: StripeHere) {
  const { db } = here;
  return {
    async intent(id: string) {
      const row = await here.intentRow(id);
      return row ? renderIntent(row, true) : null;
    },
    async updateIntent(
      id: string,
      change: { status?: IntentStatus; amount_received?: number; payment_method?: string },
    ) {
      await setSandboxIntentState(db, id, {
        ...(change.status ? { status: change.status } : {}),
        ...(change.amount_received === undefined ? {} : { capturedCents: change.amount_received }),
        ...(change.payment_method ? { paymentMethodId: change.payment_method } : {}),
      });
    },
    async checkoutSession(id: string) {
      const row = await here.sessionRow(id);
      return row ? renderSession(row, true) : null;
    },
    completeCheckout: (id: string, payment?: { address: ShippingAddress; rate: string; taxCents?: number }) =>
      completeCheckout(here, id, payment),
    async account(id: string) {
      return here.accountJson(id).catch(() => null);
    },
    async addAccount({ id, collection, email, ...change }: Parameters<StripeEmulator["addAccount"]>[0]) {
      await createSandboxAccount(db, {
        id,
        email: email ?? null,
        requirementCollection: collection,
        ...accountChange(change),
      });
    },
    async updateAccount(id: string, change: StripeAccountChange) {
      await updateSandboxAccount(db, id, accountChange(change));
    },
    async payout(id: string) {
      const row = await here.payoutRow(id);
      return row ? renderPayout(row) : null;
    },
  };
}

/** The customer pays a session in Stripe's form with its test Visa, the address, rate and tax given first. */
async function completeCheckout(
  here: StripeHere,
  id: string,
  payment?: { address: ShippingAddress; rate: string; taxCents?: number },
): Promise<void> {
  const { db } = here;
  const row = await here.sessionRow(id);
  if (!row) throw new Error(`no checkout session ${id}`);
  const { clientSecret } = row;
  if (payment) {
    await setSandboxCheckoutShipping(db, {
      clientSecret,
      address: payment.address,
      shippingRate: payment.rate,
    });
    if (payment.taxCents !== undefined) await setSandboxCheckoutTax(db, id, payment.taxCents);
  }
  await paySandboxCheckoutSession(db, { clientSecret, token: await here.sandboxToken("tok_visa") });
}

/** Starts the face on a port of its own, on a database of the sandbox's tables opened for it. */
export async function startStripeEmulator(): Promise<StripeEmulator> {
  const { database, drop } = await createSandboxTestDatabase();
  const db: Db = database.db;
  const sandbox = createSandboxGateway(db);
  const requests: RecordedRequest[] = [];
  const canned = new Map<string, CannedReply[]>();
  const here = stripeHere(db, sandbox, requests);
  const { server, port } = await listen(requests, (recorded) => route(here, canned, recorded));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sandbox,
    db,
    ...stripeRecords(here),
    replyOnce(method, path, reply) {
      const key = `${method} ${path}`;
      canned.set(key, [...(canned.get(key) ?? []), reply]);
    },
    reset() {
      requests.length = 0;
      canned.clear();
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
      await drop();
    },
  };
}
