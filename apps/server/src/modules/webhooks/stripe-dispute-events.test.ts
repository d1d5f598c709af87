import type { GatewayDispute, GatewayFraudWarning, PaymentGateway } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import type { Database } from "../../db/client";
import { stripeEvents } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { createTestDatabase } from "../../test/database";
import { CollectionCatalogue } from "../collections/catalogue";
import type { DisputeHandlers } from "./dispute-notices";
import { stripeWebhookRoutes } from "./stripe-webhook-routes";

const SECRET = "whsec_test_disputes";

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

/** What Stripe holds now, re-read by the webhook: the event's own copy is never what is handed on. */
const disputeAtStripe: GatewayDispute = {
  id: "dp_1",
  processor: "stripe",
  paymentIntentId: "pi_disputed",
  amountCents: 25_000,
  feeCents: 1_500,
  currency: "usd",
  reason: "fraudulent",
  status: "needs_response",
  fundsWithdrawn: true,
  fundsReinstated: false,
  evidenceDueBy: new Date("2026-12-20T00:00:00Z"),
  createdAt: new Date("2026-11-20T10:00:00Z"),
};
const warningAtStripe: GatewayFraudWarning = {
  id: "issfr_1",
  paymentIntentId: "pi_warned",
  fraudType: "unauthorized_use_of_card",
  actionable: true,
  createdAt: new Date("2026-11-21T08:00:00Z"),
};

const reads: string[] = [];
const handled: { kind: "dispute" | "warning"; id: string; status?: string }[] = [];
let failNext = false;

/** A processor that answers only what these events re-read. */
const gateway = {
  kind: "stripe",
  retrieveDispute: async (id: string) => {
    reads.push(id);
    return { ...disputeAtStripe, id };
  },
  retrieveFraudWarning: async (id: string) => {
    reads.push(id);
    return { ...warningAtStripe, id };
  },
} as unknown as PaymentGateway;

/** The disputes module as the webhook sees it: it records what it was given, and fails once when told to. */
const handlers: DisputeHandlers = {
  async applyDispute(_deps, dispute) {
    if (failNext) {
      failNext = false;
      throw new Error("the database went away");
    }
    handled.push({ kind: "dispute", id: dispute.id, status: dispute.status });
  },
  async applyFraudWarning(_deps, warning) {
    handled.push({ kind: "warning", id: warning.id });
  },
};

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps = {
    config: testConfig(),
    database,
    db: database.db,
    mailer: { kind: "dev-mailbox", send: async () => {} },
    gateway,
    offerWallPartner: null,
    webPush: { publicKey: "", send: async () => "delivered" },
    collections: new CollectionCatalogue([]),
  } satisfies AppDeps;
  app.decorate("deps", deps);
  await app.register(
    async (api) => {
      await api.register(stripeWebhookRoutes, { webhookSecret: SECRET, gateway, disputes: handlers });
    },
    { prefix: "/api/v1" },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(() => {
  reads.length = 0;
  handled.length = 0;
  failNext = false;
});

let counter = 0;
function deliver(type: string, object: Record<string, unknown>, id = `evt_dispute_${++counter}`) {
  const payload = JSON.stringify({
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
  return app.inject({
    method: "POST",
    url: "/api/v1/stripe/webhooks",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
}

const processedAt = async (id: string) =>
  (await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0]?.processedAt ?? null;

/** The event's claims, which differ from Stripe's: the webhook must not believe them. */
const claimed = { object: "dispute", id: "dp_1", status: "won", amount: 1, payment_intent: "pi_other" };

describe("Stripe's dispute and early fraud warning events", () => {
  it("re-reads the dispute for each of its five events and hands Stripe's copy to the disputes module", async () => {
    const types = ["created", "updated", "closed", "funds_withdrawn", "funds_reinstated"];
    for (const what of types) {
      const res = await deliver(`charge.dispute.${what}`, claimed);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    }
    expect(reads).toEqual(types.map(() => "dp_1"));
    expect(handled).toEqual(types.map(() => ({ kind: "dispute", id: "dp_1", status: "needs_response" })));
  });

  it("handles an event once: a second delivery is a duplicate and reaches no one", async () => {
    expect((await deliver("charge.dispute.created", claimed, "evt_once")).statusCode).toBe(200);
    expect(await processedAt("evt_once")).not.toBeNull();
    const again = await deliver("charge.dispute.created", claimed, "evt_once");
    expect(again.json().data.duplicate).toBe(true);
    expect(handled).toHaveLength(1);
  });

  it("leaves an event whose handling failed unprocessed, for Stripe's retry to finish", async () => {
    failNext = true;
    const failed = await deliver("charge.dispute.funds_withdrawn", claimed, "evt_retry");
    expect(failed.statusCode).toBe(500);
    expect(await processedAt("evt_retry")).toBeNull();
    expect(handled).toEqual([]);
    const retried = await deliver("charge.dispute.funds_withdrawn", claimed, "evt_retry");
    expect(retried.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    expect(await processedAt("evt_retry")).not.toBeNull();
    expect(handled).toHaveLength(1);
  });

  it("re-reads an early fraud warning and hands it on", async () => {
    const res = await deliver("radar.early_fraud_warning.created", {
      object: "radar.early_fraud_warning",
      id: "issfr_9",
      actionable: false,
    });
    expect(res.json().data.ignored).toBe(false);
    expect(reads).toEqual(["issfr_9"]);
    expect(handled).toEqual([{ kind: "warning", id: "issfr_9" }]);
  });

  it("reads nothing for an event whose object is not the kind its type names", async () => {
    const res = await deliver("charge.dispute.created", { object: "charge", id: "ch_1" });
    expect(res.statusCode).toBe(200);
    expect(reads).toEqual([]);
    expect(handled).toEqual([]);
  });
});
