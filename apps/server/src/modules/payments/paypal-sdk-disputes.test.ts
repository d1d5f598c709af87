import type { PaymentGateway } from "@mx/processors/gateway";
import { type PaypalApi, PaypalError } from "@mx/processors/paypal-api";
import { type PaypalEmulator, startPaypalEmulator } from "@mx/sandbox/http/paypal";
import { openSandboxPaypalDispute } from "@mx/sandbox/paypal-disputes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { withPaypal } from "./paypal-gateway";
import { createPaypalSdk } from "./paypal-sdk";
import { paypalDisputes } from "./paypal-sdk-disputes";
import type { PaypalRest } from "./paypal-sdk-rest";

type Sent = { method: string; path: string; body?: unknown };

/** PayPal's REST API as these tests hold it: each path's reply, and every request it got. */
function restWith(replies: Record<string, { status?: number; body: unknown }>) {
  const sent: Sent[] = [];
  const rest: PaypalRest = async (method, path, options = {}) => {
    sent.push({ method, path, ...(options.body === undefined ? {} : { body: options.body }) });
    const reply = replies[`${method} ${path}`];
    if (!reply) {
      return Response.json(
        {
          name: "RESOURCE_NOT_FOUND",
          details: [{ issue: "INVALID_RESOURCE_ID", description: "Not found." }],
        },
        { status: 404 },
      );
    }
    return Response.json(reply.body, { status: reply.status ?? 200 });
  };
  return { rest, sent };
}

const disputeReply = (id: string, createTime: string, change: Record<string, unknown> = {}) => ({
  dispute_id: id,
  create_time: createTime,
  update_time: createTime,
  disputed_transactions: [{ seller_transaction_id: "3BC38643YC807283D", seller_protection_eligible: true }],
  reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
  status: "WAITING_FOR_SELLER_RESPONSE",
  dispute_amount: { currency_code: "USD", value: "250.00" },
  seller_response_due_date: "2026-12-10T23:59:59.000Z",
  dispute_life_cycle_stage: "CHARGEBACK",
  ...change,
});

describe("PayPal's disputes and captures over REST", () => {
  it("reads a dispute: its capture, amount, status, due date and the fee PayPal debited", async () => {
    const { rest, sent } = restWith({
      "GET /v1/customer/disputes/PP-D-27803": {
        body: disputeReply("PP-D-27803", "2026-11-25T10:00:00.000Z", {
          status: "RESOLVED",
          dispute_outcome: { outcome_code: "RESOLVED_BUYER_FAVOUR" },
          money_movements: [
            {
              type: "DEBIT",
              reason: "DISPUTE_SETTLEMENT",
              amount: { currency_code: "USD", value: "250.00" },
            },
            {
              type: "DEBIT",
              reason: "DISPUTE_SETTLEMENT_FEE",
              amount: { currency_code: "USD", value: "20.00" },
            },
          ],
        }),
      },
    });
    expect(await paypalDisputes(rest).getDispute("PP-D-27803")).toEqual({
      id: "PP-D-27803",
      captureId: "3BC38643YC807283D",
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: "RESOLVED",
      outcome: "RESOLVED_BUYER_FAVOUR",
      amountCents: 25_000,
      currency: "USD",
      feeCents: 2_000,
      sellerResponseDueDate: "2026-12-10T23:59:59.000Z",
      createTime: "2026-11-25T10:00:00.000Z",
    });
    expect(sent).toEqual([{ method: "GET", path: "/v1/customer/disputes/PP-D-27803" }]);
  });

  it("reads a capture with the order it belongs to", async () => {
    const { rest } = restWith({
      "GET /v2/payments/captures/3BC38643YC807283D": {
        body: {
          id: "3BC38643YC807283D",
          status: "REVERSED",
          amount: { currency_code: "USD", value: "400.00" },
          supplementary_data: { related_ids: { order_id: "5O190127TN364715T" } },
        },
      },
    });
    expect(await paypalDisputes(rest).getCapture("3BC38643YC807283D")).toEqual({
      id: "3BC38643YC807283D",
      status: "REVERSED",
      orderId: "5O190127TN364715T",
      amountCents: 40_000,
    });
  });

  it("lists disputes since a time page by page, each read in full, oldest first", async () => {
    const since = new Date("2026-11-01T00:00:00.000Z");
    const first = `/v1/customer/disputes?start_time=${encodeURIComponent(since.toISOString())}&page_size=50`;
    const second =
      "/v1/customer/disputes?start_time=2026-11-01T00%3A00%3A00.000Z&page_size=50&next_page_token=T2";
    const { rest, sent } = restWith({
      [`GET ${first}`]: {
        body: {
          items: [{ dispute_id: "PP-D-2" }],
          links: [{ rel: "next", href: `https://api-m.paypal.com${second}` }],
        },
      },
      [`GET ${second}`]: { body: { items: [{ dispute_id: "PP-D-1" }], links: [] } },
      "GET /v1/customer/disputes/PP-D-1": { body: disputeReply("PP-D-1", "2026-11-02T00:00:00.000Z") },
      "GET /v1/customer/disputes/PP-D-2": { body: disputeReply("PP-D-2", "2026-11-03T00:00:00.000Z") },
    });
    const listed = await paypalDisputes(rest).listDisputes({ startTime: since });
    expect(listed.map((d) => d.id)).toEqual(["PP-D-1", "PP-D-2"]);
    expect(sent.slice(0, 2).map((s) => s.path)).toEqual([first, second]);
  });

  it("gives the seller's evidence as a note", async () => {
    const { rest, sent } = restWith({
      "POST /v1/customer/disputes/PP-D-5/provide-evidence": { body: { links: [] } },
    });
    await paypalDisputes(rest).provideDisputeEvidence({ id: "PP-D-5", note: "Delivered on the 3rd." });
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/v1/customer/disputes/PP-D-5/provide-evidence",
        body: { evidences: [{ evidence_type: "OTHER", notes: "Delivered on the 3rd." }] },
      },
    ]);
  });

  it("refuses a dispute PayPal does not have in PayPal's words", async () => {
    const { rest } = restWith({});
    const error = await paypalDisputes(rest)
      .getDispute("PP-D-404")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaypalError);
    expect(error).toMatchObject({ issue: "INVALID_RESOURCE_ID", statusCode: 404 });
  });
});

describe("PayPal's disputes through the official SDK's client and the gateway, against the emulator", () => {
  let emulator: PaypalEmulator;
  let paypal: PaypalApi;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    emulator = await startPaypalEmulator();
    paypal = createPaypalSdk({
      clientId: "emulator-client-id",
      clientSecret: "emulator-secret",
      environment: "sandbox",
      apiBase: emulator.url,
    });
    // No card disputes here: the card processor lists none.
    const cards = { kind: "sandbox", listDisputes: async () => [] } as unknown as PaymentGateway;
    gateway = withPaypal(cards, paypal, {} as Db);
  });
  afterAll(() => emulator.close());

  it("reads a dispute a payer opened on a captured order, answers it, and lists it", async () => {
    const created = await paypal.createOrder({
      intent: "CAPTURE",
      amountCents: 40_000,
      currency: "usd",
      customId: "purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f61|9d7b2c1a-1111-4222-8333-444455556666",
      referenceId: "way/1",
      description: "Manhattan Exchange",
      requestId: "purchase:disputed",
    });
    await emulator.approve(created.id);
    const captured = await paypal.captureOrder({ id: created.id, requestId: `capture:${created.id}` });
    const opened = await openSandboxPaypalDispute(emulator.db, created.id, "UNAUTHORISED");

    const read = await gateway.retrieveDispute(opened.id);
    expect(read).toMatchObject({
      id: opened.id,
      processor: "paypal",
      paymentIntentId: `paypal_${created.id}`,
      amountCents: 40_000,
      currency: "usd",
      status: "needs_response",
      fundsWithdrawn: true,
    });
    expect(read.evidenceDueBy?.getTime()).toBeGreaterThan(Date.now());
    expect(await paypal.getCapture(captured.capture?.id ?? "")).toMatchObject({
      orderId: created.id,
      amountCents: 40_000,
    });

    emulator.reset();
    const answered = await gateway.submitDisputeEvidence({ id: opened.id, text: "winning_evidence" });
    expect(answered.status).toBe("under_review");
    expect(emulator.requests.find((r) => r.method === "POST")).toMatchObject({
      path: `/v1/customer/disputes/${opened.id}/provide-evidence`,
      body: { evidences: [{ evidence_type: "OTHER", notes: "winning_evidence" }] },
    });

    const listed = await gateway.listDisputes({
      createdFrom: new Date(Date.now() - 60_000),
      createdTo: new Date(Date.now() + 1_000),
    });
    expect(listed.map((d) => d.id)).toEqual([opened.id]);
  });
});
