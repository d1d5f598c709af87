import {
  type GatewayDispute,
  type GatewayFraudWarning,
  GatewayRequestError,
  type PaymentGateway,
} from "@mx/processors/gateway";
import {
  decideSandboxDispute,
  openSandboxDispute,
  raiseSandboxFraudWarning,
} from "@mx/sandbox/card-disputes";
import { type StripeEmulator, startStripeEmulator } from "@mx/sandbox/http/stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway } from "./stripe-gateway";

let emulator: StripeEmulator;
let gateway: PaymentGateway;

/** The processor's disputes, as the sandbox would hold them: set by each test. */
let held: GatewayDispute[] = [];
let warnings: GatewayFraudWarning[] = [];
let submitted: { id: string; text: string }[] = [];

const at = (iso: string) => new Date(iso);
const dispute = (change: Partial<GatewayDispute> & { id: string }): GatewayDispute => ({
  processor: "sandbox",
  paymentIntentId: "pi_disputed",
  amountCents: 25_000,
  feeCents: 1_500,
  currency: "usd",
  reason: "fraudulent",
  status: "needs_response",
  fundsWithdrawn: true,
  fundsReinstated: false,
  evidenceDueBy: at("2026-12-20T00:00:00Z"),
  createdAt: at("2026-11-20T10:00:00Z"),
  ...change,
});

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({
    secretKey: "sk_test_emulator_disputes",
    publishableKey: "pk_test_emulator_disputes",
    apiBase: emulator.url,
  });
  // The face answers from the sandbox processor's disputes: here, the ones each test holds.
  const missing = (id: string) =>
    new GatewayRequestError("resource_missing", `No such dispute: '${id}'`, 404);
  emulator.sandbox.retrieveDispute = async (id) => {
    const found = held.find((d) => d.id === id);
    if (!found) throw missing(id);
    return found;
  };
  emulator.sandbox.listDisputes = async ({ createdFrom, createdTo }) =>
    held.filter((d) => d.createdAt >= createdFrom && d.createdAt <= createdTo);
  emulator.sandbox.submitDisputeEvidence = async ({ id, text }) => {
    submitted.push({ id, text });
    const found = held.find((d) => d.id === id);
    if (!found) throw missing(id);
    found.status = "under_review";
    return found;
  };
  emulator.sandbox.retrieveFraudWarning = async (id) => {
    const found = warnings.find((w) => w.id === id);
    if (!found)
      throw new GatewayRequestError("resource_missing", `No such early fraud warning: '${id}'`, 404);
    return found;
  };
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.reset();
  held = [];
  warnings = [];
  submitted = [];
});

const sent = () => emulator.requests.map(({ method, path, body }) => ({ method, path, body }));

describe("stripe gateway: disputes and early fraud warnings through the SDK", () => {
  it("reads a dispute with its amount and fee withdrawn and its evidence date", async () => {
    held = [dispute({ id: "dp_open" })];
    expect(await gateway.retrieveDispute("dp_open")).toEqual({
      ...dispute({ id: "dp_open" }),
      processor: "stripe",
    });
    expect(sent()).toEqual([{ method: "GET", path: "/v1/disputes/dp_open", body: {} }]);
  });

  it("reads a won dispute's funds as given back, and one not yet withdrawn as held by no one", async () => {
    held = [
      dispute({ id: "dp_won", status: "won", fundsWithdrawn: false, fundsReinstated: true }),
      dispute({ id: "dp_new", fundsWithdrawn: false, feeCents: 0 }),
    ];
    expect(await gateway.retrieveDispute("dp_won")).toMatchObject({
      status: "won",
      fundsWithdrawn: false,
      fundsReinstated: true,
      feeCents: 1_500,
    });
    expect(await gateway.retrieveDispute("dp_new")).toMatchObject({
      fundsWithdrawn: false,
      fundsReinstated: false,
      feeCents: 0,
    });
  });

  it("gives evidence as uncategorized text and submits it", async () => {
    held = [dispute({ id: "dp_answer" })];
    const answered = await gateway.submitDisputeEvidence({ id: "dp_answer", text: "winning_evidence" });
    expect(answered.status).toBe("under_review");
    expect(submitted).toEqual([{ id: "dp_answer", text: "winning_evidence" }]);
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/disputes/dp_answer",
        body: { "evidence[uncategorized_text]": "winning_evidence", submit: "true" },
      },
    ]);
  });

  it("lists the disputes opened in a window, oldest first", async () => {
    held = [
      dispute({ id: "dp_a", createdAt: at("2026-11-01T00:00:00Z") }),
      dispute({ id: "dp_b", createdAt: at("2026-11-10T00:00:00Z") }),
      dispute({ id: "dp_c", createdAt: at("2026-11-12T00:00:00Z") }),
    ];
    const listed = await gateway.listDisputes({
      createdFrom: at("2026-11-05T00:00:00Z"),
      createdTo: at("2026-11-30T00:00:00Z"),
    });
    expect(listed.map((d) => d.id)).toEqual(["dp_b", "dp_c"]);
    const [call] = sent();
    const query = new URLSearchParams(call?.path.split("?")[1]);
    expect(call?.path.startsWith("/v1/disputes?")).toBe(true);
    expect(query.get("created[gte]")).toBe(String(Date.parse("2026-11-05T00:00:00Z") / 1000));
    expect(query.get("created[lte]")).toBe(String(Date.parse("2026-11-30T00:00:00Z") / 1000));
  });

  it("refuses a dispute Stripe does not have in the gateway's words", async () => {
    const error = await gateway.retrieveDispute("dp_nowhere").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect((error as GatewayRequestError).statusCode).toBe(404);
  });

  it("reads an early fraud warning with its payment", async () => {
    const warning: GatewayFraudWarning = {
      id: "issfr_1",
      paymentIntentId: "pi_warned",
      fraudType: "unauthorized_use_of_card",
      actionable: true,
      createdAt: at("2026-11-21T08:00:00Z"),
    };
    warnings = [warning];
    expect(await gateway.retrieveFraudWarning("issfr_1")).toEqual(warning);
    expect(sent()).toEqual([{ method: "GET", path: "/v1/radar/early_fraud_warnings/issfr_1", body: {} }]);
  });
});

describe("stripe gateway: the sandbox's own disputes, through the SDK and the emulator", () => {
  let face: StripeEmulator;
  let stripe: PaymentGateway;
  beforeAll(async () => {
    face = await startStripeEmulator();
    stripe = createStripeGateway({
      secretKey: "sk_test_emulator_sandbox_disputes",
      publishableKey: "pk_test_emulator_sandbox_disputes",
      apiBase: face.url,
    });
  });
  afterAll(() => face.close());

  async function paid(amountCents: number) {
    const pi = await stripe.createPaymentIntent({
      amountCents,
      currency: "usd",
      customerId: "cus_disputer",
      captureMethod: "automatic",
    });
    return stripe.confirmPaymentIntent({ id: pi.id, paymentMethodId: "pm_visa" });
  }

  it("reads a cardholder's dispute with its funds and fee withdrawn, wins it with winning_evidence, and lists it", async () => {
    const payment = await paid(30_000);
    const opened = await openSandboxDispute(face.db, payment.id, "fraudulent");
    const read = await stripe.retrieveDispute(opened?.id ?? "");
    expect(read).toMatchObject({
      processor: "stripe",
      paymentIntentId: payment.id,
      amountCents: 30_000,
      // Stripe's $15.
      feeCents: 1_500,
      reason: "fraudulent",
      status: "needs_response",
      fundsWithdrawn: true,
      fundsReinstated: false,
    });
    const answered = await stripe.submitDisputeEvidence({ id: read.id, text: "winning_evidence" });
    expect(answered.status).toBe("under_review");
    await decideSandboxDispute(face.db, read.id, "won");
    expect(await stripe.retrieveDispute(read.id)).toMatchObject({
      status: "won",
      fundsWithdrawn: false,
      fundsReinstated: true,
    });
    const listed = await stripe.listDisputes({
      createdFrom: new Date(Date.now() - 60_000),
      createdTo: new Date(Date.now() + 1_000),
    });
    expect(listed.map((d) => d.id)).toEqual([read.id]);
  });

  it("reads an early fraud warning the issuer raised on a payment", async () => {
    const payment = await paid(12_000);
    const raised = await raiseSandboxFraudWarning(face.db, payment.id, "unauthorized_use_of_card");
    expect(await stripe.retrieveFraudWarning(raised?.id ?? "")).toMatchObject({
      paymentIntentId: payment.id,
      fraudType: "unauthorized_use_of_card",
      actionable: true,
    });
  });
});
