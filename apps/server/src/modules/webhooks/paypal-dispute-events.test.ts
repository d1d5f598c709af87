import type { GatewayDispute, PaymentGateway } from "@mx/processors/gateway";
import type { PaypalApi, PaypalCapture, PaypalDispute } from "@mx/processors/paypal-api";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import type { Database } from "../../db/client";
import { paypalEvents } from "../../db/schema/paypal";
import type { AppDeps } from "../../deps";
import { createTestDatabase } from "../../test/database";
import { CollectionCatalogue } from "../collections/catalogue";
import { withPaypal } from "../payments/paypal-gateway";
import type { DisputeHandlers } from "./dispute-notices";
import { paypalWebhookRoutes } from "./paypal-webhook-routes";

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

/** PayPal as these tests hold it: its disputes and captures, re-read by the webhook. */
const paypalDisputes = new Map<string, PaypalDispute>();
const captures = new Map<string, PaypalCapture>();
let verified = true;

const paypal = {
  kind: "paypal",
  clientId: "client",
  verifyWebhookSignature: async () => verified,
  getDispute: async (id: string) => {
    const found = paypalDisputes.get(id);
    if (!found) throw new Error(`no dispute ${id}`);
    return found;
  },
  getCapture: async (id: string) => {
    const found = captures.get(id);
    if (!found) throw new Error(`no capture ${id}`);
    return found;
  },
} as unknown as PaypalApi;

const handled: GatewayDispute[] = [];
let failNext = false;
const handlers: DisputeHandlers = {
  async applyDispute(_deps, dispute) {
    if (failNext) {
      failNext = false;
      throw new Error("the database went away");
    }
    handled.push(dispute);
  },
  applyFraudWarning: async () => {},
};

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const gateway = withPaypal({ kind: "sandbox" } as unknown as PaymentGateway, paypal, database.db);
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
  await app.register(paypalWebhookRoutes(paypal, "WH-1", handlers), { prefix: "/api/v1" });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(() => {
  handled.length = 0;
  failNext = false;
  verified = true;
  paypalDisputes.clear();
  captures.clear();
  captures.set("CAP1", { id: "CAP1", status: "COMPLETED", orderId: "ORDER1", amountCents: 40_000 });
});

const deliver = (event: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/v1/paypal/webhooks",
    headers: { "paypal-transmission-id": "t-1", "paypal-transmission-sig": "sig" },
    payload: event,
  });

const processedAt = async (id: string) =>
  (await database.db.select().from(paypalEvents).where(eq(paypalEvents.id, id)))[0]?.processedAt ?? null;

const paypalDispute = (change: Partial<PaypalDispute> = {}): PaypalDispute => ({
  id: "PP-D-100",
  captureId: "CAP1",
  reason: "UNAUTHORISED",
  status: "WAITING_FOR_SELLER_RESPONSE",
  outcome: null,
  amountCents: 40_000,
  currency: "USD",
  feeCents: 0,
  sellerResponseDueDate: "2026-12-10T00:00:00.000Z",
  createTime: "2026-11-25T12:00:00.000Z",
  ...change,
});

describe("PayPal's dispute events", () => {
  it("re-reads a dispute from PayPal and hands it on in the gateway's words, once per event", async () => {
    paypalDisputes.set("PP-D-100", paypalDispute());
    // The notice claims a resolution; PayPal says it waits for us.
    const event = {
      id: "WH-D-1",
      event_type: "CUSTOMER.DISPUTE.CREATED",
      resource: { dispute_id: "PP-D-100", status: "RESOLVED" },
    };
    const res = await deliver(event);
    expect(res.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    expect(handled).toEqual([
      {
        id: "PP-D-100",
        processor: "paypal",
        paymentIntentId: "paypal_ORDER1",
        amountCents: 40_000,
        feeCents: 0,
        currency: "usd",
        reason: "UNAUTHORISED",
        status: "needs_response",
        fundsWithdrawn: true,
        fundsReinstated: false,
        evidenceDueBy: new Date("2026-12-10T00:00:00.000Z"),
        createdAt: new Date("2026-11-25T12:00:00.000Z"),
      },
    ]);
    expect((await deliver(event)).json().data.duplicate).toBe(true);
    expect(handled).toHaveLength(1);
  });

  it("maps PayPal's resolutions: the seller's favour is won, the buyer's lost", async () => {
    paypalDisputes.set("PP-D-100", paypalDispute({ status: "RESOLVED", outcome: "RESOLVED_SELLER_FAVOUR" }));
    paypalDisputes.set(
      "PP-D-200",
      paypalDispute({ id: "PP-D-200", status: "RESOLVED", outcome: "RESOLVED_BUYER_FAVOUR" }),
    );
    paypalDisputes.set("PP-D-300", paypalDispute({ id: "PP-D-300", status: "UNDER_REVIEW" }));
    for (const [n, id] of ["PP-D-100", "PP-D-200", "PP-D-300"].entries()) {
      await deliver({
        id: `WH-R-${n}`,
        event_type: "CUSTOMER.DISPUTE.RESOLVED",
        resource: { dispute_id: id },
      });
    }
    expect(handled.map((d) => [d.id, d.status, d.fundsWithdrawn, d.fundsReinstated])).toEqual([
      ["PP-D-100", "won", false, true],
      ["PP-D-200", "lost", true, false],
      ["PP-D-300", "under_review", true, false],
    ]);
  });

  it("turns a reversed capture into a lost dispute for the capture's amount and order", async () => {
    captures.set("CAP1", { id: "CAP1", status: "REVERSED", orderId: "ORDER1", amountCents: 40_000 });
    const res = await deliver({
      id: "WH-REV-1",
      event_type: "PAYMENT.CAPTURE.REVERSED",
      create_time: "2026-11-28T09:00:00Z",
      resource: {
        id: "REFUND7",
        links: [{ rel: "up", href: "https://api.paypal.com/v2/payments/captures/CAP1" }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(handled).toEqual([
      {
        id: "reversal:CAP1",
        processor: "paypal",
        paymentIntentId: "paypal_ORDER1",
        amountCents: 40_000,
        feeCents: 0,
        currency: "usd",
        reason: "capture_reversed",
        status: "lost",
        fundsWithdrawn: true,
        fundsReinstated: false,
        evidenceDueBy: null,
        createdAt: new Date("2026-11-28T09:00:00Z"),
      },
    ]);
  });

  it("hands on nothing when PayPal does not have the capture reversed", async () => {
    const res = await deliver({
      id: "WH-REV-2",
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource: { id: "CAP1" },
    });
    expect(res.statusCode).toBe(200);
    expect(handled).toEqual([]);
  });

  it("marks an event processed only once its dispute was handled, so PayPal's retry finishes it", async () => {
    paypalDisputes.set("PP-D-100", paypalDispute());
    failNext = true;
    const event = {
      id: "WH-D-FAIL",
      event_type: "CUSTOMER.DISPUTE.UPDATED",
      resource: { dispute_id: "PP-D-100" },
    };
    expect((await deliver(event)).statusCode).toBe(500);
    expect(await processedAt("WH-D-FAIL")).toBeNull();
    expect((await deliver(event)).json().data.duplicate).toBe(false);
    expect(await processedAt("WH-D-FAIL")).not.toBeNull();
    expect(handled).toHaveLength(1);
  });

  it("refuses a delivery PayPal did not sign", async () => {
    verified = false;
    const res = await deliver({
      id: "WH-X",
      event_type: "CUSTOMER.DISPUTE.CREATED",
      resource: { dispute_id: "PP-D-100" },
    });
    expect(res.statusCode).toBe(400);
    expect(handled).toEqual([]);
  });
});
