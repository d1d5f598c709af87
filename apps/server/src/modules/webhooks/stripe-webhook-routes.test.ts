import { randomUUID } from "node:crypto";
import type { GatewayIntent, PaymentGateway } from "@mx/processors/gateway";
import {
  connectedAccount,
  type StripeEmulator,
  startStripeEmulator,
  stripeError,
} from "@mx/sandbox/http/stripe";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import type { Database } from "../../db/client";
import { paymentIntents, stripeEvents } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { createTestDatabase } from "../../test/database";
import { CollectionCatalogue } from "../collections/catalogue";
import { createStripeGateway } from "../payments/stripe-gateway";
import { stripeWebhookRoutes } from "./stripe-webhook-routes";

const WEBHOOK_SECRET = "whsec_test_emulator_secret";
const URL = "/api/v1/stripe/webhooks";

let emulator: StripeEmulator;
let gateway: PaymentGateway;
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let userId: string;

/** The app as tests build it: our plugin under /api/v1, beside an ordinary JSON route. */
async function webhookApp(options: { webhookSecret?: string | null } = {}) {
  return webhookAppWith(options);
}

async function webhookAppWith(
  options: { webhookSecret?: string | null; connectWebhookSecret?: string | null } = {},
) {
  const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  const deps: AppDeps = {
    config: testConfig(),
    database,
    db: database.db,
    mailer: { kind: "dev-mailbox", send: async () => {} },
    gateway,
    offerWallPartner: null,
    webPush: { publicKey: "", send: async () => "delivered" },
    collections: new CollectionCatalogue([]),
  };
  instance.decorate("deps", deps);
  await instance.register(
    async (api) => {
      await api.register(stripeWebhookRoutes, {
        webhookSecret: "webhookSecret" in options ? options.webhookSecret : WEBHOOK_SECRET,
        connectWebhookSecret: options.connectWebhookSecret ?? null,
        gateway,
      });
      api
        .withTypeProvider<ZodTypeProvider>()
        .post("/echo", { schema: { body: z.object({ n: z.number() }) } }, async (req) => ({
          got: req.body.n,
        }));
    },
    { prefix: "/api/v1" },
  );
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({
    secretKey: "sk_test_emulator",
    publishableKey: "pk_test_emulator",
    apiBase: emulator.url,
  });
  ({ database, drop } = await createTestDatabase());
  userId = randomUUID();
  await database.db.insert(users).values({ id: userId, fullName: "Webhook Tester" });
  app = await webhookApp();
});
afterAll(async () => {
  await app.close();
  await drop();
  await emulator.close();
});
beforeEach(() => emulator.reset());

let eventCounter = 0;
/** A Stripe-shaped event around `object` (a payment intent as the event claims it, or anything else). */
function eventJson(
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${++eventCounter}_${Date.now()}`,
) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

function deliver(payload: string, signature: string | null = sign(payload), target = app) {
  return target.inject({
    method: "POST",
    url: URL,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature === null ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
}

/** An intent in the emulator, and our row for it, both at the intent's first status. */
async function trackedIntent(captureMethod: "automatic" | "manual" = "automatic"): Promise<GatewayIntent> {
  const intent = await gateway.createPaymentIntent({
    amountCents: 10_899,
    currency: "usd",
    customerId: "cus_tester",
    captureMethod,
  });
  await database.db.insert(paymentIntents).values({
    id: intent.id,
    userId,
    provider: "stripe",
    purpose: "buy",
    propertyId: "way/1",
    amountCents: intent.amountCents,
    currency: intent.currency,
    captureMethod: intent.captureMethod,
    status: intent.status,
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  });
  emulator.reset();
  return intent;
}

/** What Stripe would report after things happened on its side. */
async function stripeNowSays(id: string, changes: Parameters<StripeEmulator["updateIntent"]>[1]) {
  if (!(await emulator.intent(id))) throw new Error(`no intent ${id} in the emulator`);
  await emulator.updateIntent(id, changes);
}

async function ourRow(id: string) {
  const [row] = await database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}
async function eventRow(id: string) {
  const [row] = await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}
const allEvents = () => database.db.select().from(stripeEvents);
const intentReads = () => emulator.requests.filter((r) => r.method === "GET").map((r) => r.path);

describe("POST /api/v1/stripe/webhooks", () => {
  it("handles payment_intent.succeeded by re-reading the intent from Stripe and updating our row", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, {
      status: "succeeded",
      amount_received: 10_899,
      payment_method: "pm_card_visa",
    });
    // The event's copy says something else: it is not what we go by.
    const payload = eventJson("payment_intent.succeeded", {
      id: intent.id,
      object: "payment_intent",
      status: "processing",
    });
    const eventId = JSON.parse(payload).id as string;

    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: "Event handled.",
      data: { received: true, duplicate: false, ignored: false },
    });
    expect(intentReads()).toEqual([`/v1/payment_intents/${intent.id}?expand[0]=latest_charge`]);
    const row = await ourRow(intent.id);
    expect(row?.status).toBe("succeeded");
    expect(row?.paymentMethodId).toBe("pm_card_visa");
    expect(row?.updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
    const seen = await eventRow(eventId);
    expect(seen).toMatchObject({ id: eventId, type: "payment_intent.succeeded" });
    expect(seen?.processedAt).toBeInstanceOf(Date);
  });

  it("goes by Stripe's state, not the event body, for an authorisation", async () => {
    const intent = await trackedIntent("manual");
    await stripeNowSays(intent.id, { status: "requires_capture" });
    expect((await emulator.intent(intent.id))?.amount_capturable).toBe(10_899);
    const payload = eventJson("payment_intent.amount_capturable_updated", {
      id: intent.id,
      object: "payment_intent",
      status: "succeeded",
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await ourRow(intent.id))?.status).toBe("requires_capture");
  });

  it("handles charge.refunded by re-reading the charge's payment intent", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded", amount_received: 10_899 });
    const payload = eventJson("charge.refunded", {
      id: "ch_test_1",
      object: "charge",
      payment_intent: intent.id,
      refunded: true,
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(intentReads()).toEqual([`/v1/payment_intents/${intent.id}?expand[0]=latest_charge`]);
    expect((await ourRow(intent.id))?.status).toBe("succeeded");
  });

  it("refuses a tampered body with 400 and writes nothing", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded" });
    const payload = eventJson("payment_intent.succeeded", { id: intent.id, object: "payment_intent" });
    const before = (await allEvents()).length;

    const res = await deliver(payload.replace('"livemode":false', '"livemode":true'), sign(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Invalid webhook signature.",
      code: "BAD_REQUEST",
    });
    expect(await allEvents()).toHaveLength(before);
    expect(emulator.requests).toEqual([]);
    expect((await ourRow(intent.id))?.status).toBe("requires_payment_method");
  });

  it("refuses a delivery without a Stripe-Signature header with 400", async () => {
    const payload = eventJson("payment_intent.succeeded", { id: "pi_whatever", object: "payment_intent" });
    const res = await deliver(payload, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Invalid webhook signature.",
      code: "BAD_REQUEST",
    });
    expect(await eventRow(JSON.parse(payload).id)).toBeUndefined();
  });

  it("refuses a body signed with another secret, and a stale signature (replay outside the tolerance)", async () => {
    const payload = eventJson("payment_intent.succeeded", { id: "pi_whatever", object: "payment_intent" });
    expect((await deliver(payload, sign(payload, "whsec_someone_else"))).statusCode).toBe(400);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver(payload, sign(payload, WEBHOOK_SECRET, anHourAgo))).statusCode).toBe(400);
    expect((await deliver(payload, "t=1,v1=deadbeef")).statusCode).toBe(400);
    expect(await eventRow(JSON.parse(payload).id)).toBeUndefined();
  });

  it("handles the same event once: a second delivery answers duplicate and changes nothing", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded", amount_received: 10_899 });
    const payload = eventJson("payment_intent.succeeded", { id: intent.id, object: "payment_intent" });

    const first = await deliver(payload);
    expect(first.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    // Were the event handled again, our row would follow Stripe to "canceled".
    await stripeNowSays(intent.id, { status: "canceled" });
    const second = await deliver(payload, sign(payload));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      statusCode: 200,
      message: "Event already handled.",
      data: { received: true, duplicate: true, ignored: false },
    });
    expect(intentReads()).toHaveLength(1);
    expect((await ourRow(intent.id))?.status).toBe("succeeded");
    expect((await allEvents()).filter((e) => e.id === JSON.parse(payload).id)).toHaveLength(1);
  });

  it("answers two simultaneous deliveries of one event with one handling", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded" });
    const payload = eventJson("payment_intent.succeeded", { id: intent.id, object: "payment_intent" });
    const answers = await Promise.all([deliver(payload), deliver(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().data.duplicate).sort()).toEqual([false, true]);
  });

  it("answers an event type it does not handle with 200, records it, and changes nothing else", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded" });
    const payload = eventJson("customer.created", {
      id: "cus_new",
      object: "customer",
      email: "a@example.com",
    });
    const eventId = JSON.parse(payload).id as string;

    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: "Event ignored.",
      data: { received: true, duplicate: false, ignored: true },
    });
    const seen = await eventRow(eventId);
    expect(seen).toMatchObject({ id: eventId, type: "customer.created" });
    expect(seen?.processedAt).toBeInstanceOf(Date);
    expect(emulator.requests).toEqual([]);
    expect((await ourRow(intent.id))?.status).toBe("requires_payment_method");
  });

  it("answers 500 when handling fails, leaves the event unprocessed, and handles Stripe's retry", async () => {
    const intent = await trackedIntent();
    await stripeNowSays(intent.id, { status: "succeeded" });
    const payload = eventJson("payment_intent.succeeded", { id: intent.id, object: "payment_intent" });
    const eventId = JSON.parse(payload).id as string;
    emulator.replyOnce(
      "GET",
      `/v1/payment_intents/${intent.id}?expand[0]=latest_charge`,
      stripeError(500, { type: "api_error", message: "An unknown error occurred" }),
    );

    const failed = await deliver(payload);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ statusCode: 500, code: "INTERNAL" });
    expect((await eventRow(eventId))?.processedAt).toBeNull();
    expect((await ourRow(intent.id))?.status).toBe("requires_payment_method");

    const retried = await deliver(payload, sign(payload));
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    expect((await eventRow(eventId))?.processedAt).toBeInstanceOf(Date);
    expect((await ourRow(intent.id))?.status).toBe("succeeded");
  });

  it("records an event about an intent we do not track without failing", async () => {
    const stranger = await gateway.createPaymentIntent({
      amountCents: 500,
      currency: "usd",
      customerId: "cus_other",
      captureMethod: "automatic",
    });
    const payload = eventJson("payment_intent.canceled", { id: stranger.id, object: "payment_intent" });
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect((await eventRow(JSON.parse(payload).id))?.processedAt).toBeInstanceOf(Date);
  });

  it("keeps ordinary JSON parsing for the routes beside it", async () => {
    const res = await app.inject({ method: "POST", url: "/api/v1/echo", payload: { n: 7 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: 7 });
  });

  it("answers 503 when no webhook secret is configured", async () => {
    const unconfigured = await webhookApp({ webhookSecret: null });
    try {
      const payload = eventJson("payment_intent.succeeded", { id: "pi_x", object: "payment_intent" });
      const res = await deliver(payload, sign(payload), unconfigured);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: "UNAVAILABLE" });
    } finally {
      await unconfigured.close();
    }
  });

  it("works mounted in the real app under /api/v1, with the secret and gateway from config and deps", async () => {
    const config = testConfig({
      stripe: {
        secretKey: "sk_test_emulator",
        publishableKey: "pk_test_emulator",
        webhookSecret: WEBHOOK_SECRET,
        apiBase: emulator.url,
      },
    });
    const real = await buildApp({ config, database });
    await real.ready();
    try {
      const intent = await trackedIntent();
      await stripeNowSays(intent.id, { status: "succeeded" });
      const payload = eventJson("payment_intent.succeeded", { id: intent.id, object: "payment_intent" });
      const res = await deliver(payload, sign(payload), real);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true, duplicate: false, ignored: false });
      expect((await ourRow(intent.id))?.status).toBe("succeeded");
      // Re-read through app.deps.gateway, the Stripe gateway built from config.
      expect(intentReads()).toEqual([`/v1/payment_intents/${intent.id}?expand[0]=latest_charge`]);
      const tampered = await deliver(
        payload.replace("payment_intent.succeeded", "payment_intent.canceled"),
        sign(payload),
        real,
      );
      expect(tampered.json()).toEqual({
        statusCode: 400,
        message: "Invalid webhook signature.",
        code: "BAD_REQUEST",
      });
    } finally {
      await real.close();
    }
  });
});

describe("the Connect endpoint", () => {
  const CONNECT_SECRET = "whsec_test_connect_endpoint";
  const CONNECT_URL = "/api/v1/stripe/connect-webhooks";
  const send = (target: FastifyInstance, url: string, payload: string, signature: string) =>
    target.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      payload,
    });

  it("checks deliveries against its own signing secret, and the platform endpoint against the other", async () => {
    const both = await webhookAppWith({ connectWebhookSecret: CONNECT_SECRET });
    try {
      const payload = eventJson("account.updated", { id: "acct_test" });
      const viaConnect = await send(both, CONNECT_URL, payload, sign(payload, CONNECT_SECRET));
      expect(viaConnect.statusCode).toBe(200);
      const other = eventJson("account.updated", { id: "acct_test" });
      // Each endpoint's secret signs for that endpoint only.
      expect((await send(both, CONNECT_URL, other, sign(other, WEBHOOK_SECRET))).statusCode).toBe(400);
      expect((await send(both, URL, other, sign(other, CONNECT_SECRET))).statusCode).toBe(400);
      expect((await send(both, URL, other, sign(other, WEBHOOK_SECRET))).statusCode).toBe(200);
    } finally {
      await both.close();
    }
  });

  it("keeps what Stripe still needs from a player's account, read again from Stripe on account.updated", async () => {
    const both = await webhookAppWith({ connectWebhookSecret: CONNECT_SECRET });
    try {
      const player = randomUUID();
      const account = connectedAccount("acct_needs_more", "application");
      await emulator.addAccount({
        id: account.id,
        collection: "application",
        details_submitted: true,
        // Past due: payouts are held (payouts_enabled false, disabled_reason requirements.past_due).
        requirements: { currently_due: ["individual.id_number"], past_due: ["individual.id_number"] },
      });
      await database.db.insert(users).values({
        id: player,
        fullName: "Needs More",
        isStripeIntegrated: true,
        stripeConnAccId: account.id,
        stripeAccountCollection: "application",
      });
      // The event's own copy says nothing is due: only what Stripe answers when asked counts.
      const payload = JSON.stringify({
        ...JSON.parse(eventJson("account.updated", { ...account, requirements: { currently_due: [] } })),
        account: account.id,
      });
      const res = await send(both, CONNECT_URL, payload, sign(payload, CONNECT_SECRET));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ duplicate: false, ignored: false });
      const [row] = await database.db
        .select({
          due: users.stripeRequirementsDue,
          enabled: users.stripePayoutsEnabled,
          integrated: users.isStripeIntegrated,
        })
        .from(users)
        .where(eq(users.id, player));
      expect(row).toEqual({ due: ["individual.id_number"], enabled: false, integrated: true });
      expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toContain(
        "GET /v1/accounts/acct_needs_more",
      );
    } finally {
      await both.close();
    }
  });

  it("answers 503 naming the endpoint when no Connect secret is configured", async () => {
    const payload = eventJson("account.updated", { id: "acct_test" });
    const res = await send(app, CONNECT_URL, payload, sign(payload, CONNECT_SECRET));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("/stripe/connect-webhooks");
  });
});
