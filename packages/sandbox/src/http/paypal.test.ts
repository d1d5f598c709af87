import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxPaypal } from "../paypal";
import { EMULATOR_PAYER, EMULATOR_TOKEN, type PaypalEmulator, startPaypalEmulator } from "./paypal";

let emulator: PaypalEmulator;
beforeAll(async () => {
  emulator = await startPaypalEmulator();
});
afterAll(() => emulator.close());

// biome-ignore lint/suspicious/noExplicitAny: PayPal's replies, read field by field in assertions.
type Json = Record<string, any>;
const call = async (method: string, path: string, body?: unknown, requestId?: string) => {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${EMULATOR_TOKEN}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(requestId ? { "paypal-request-id": requestId } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
};
const orderBody = (value = "25.00") => ({
  intent: "CAPTURE",
  purchase_units: [
    { reference_id: "way/1", custom_id: "purchase:1|u1", amount: { currency_code: "USD", value } },
  ],
});
const payoutBody = (senderBatchId: string, receiver = EMULATOR_PAYER.id) => ({
  sender_batch_header: { sender_batch_id: senderBatchId, recipient_type: "PAYPAL_ID" },
  items: [{ recipient_type: "PAYPAL_ID", receiver, amount: { value: "12.50", currency: "USD" } }],
});

describe("the sandbox's PayPal in PayPal's HTTP shape", () => {
  it("keeps its orders in the sandbox: one per PayPal-Request-Id, approved by the test buyer, captured and refunded there", async () => {
    const created = await call("POST", "/v2/checkout/orders", orderBody(), "order:1");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: [{ reference_id: "way/1", custom_id: "purchase:1|u1", amount: { value: "25.00" } }],
    });
    const id = created.body.id as string;
    expect(created.body.links).toContainEqual({
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
      rel: "payer-action",
      method: "GET",
    });
    // The same request id again: the same order, none made.
    expect((await call("POST", "/v2/checkout/orders", orderBody(), "order:1")).body.id).toBe(id);
    expect(await emulator.orderCount()).toBe(1);
    // What the sandbox's own PayPal reads is the same order.
    expect(await createSandboxPaypal(emulator.db).getOrder(id)).toMatchObject({ status: "CREATED" });

    const early = await call("POST", `/v2/checkout/orders/${id}/capture`, undefined, "capture:1");
    expect(early).toMatchObject({
      status: 422,
      body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] },
    });
    await emulator.approve(id);
    expect(await emulator.order(id)).toMatchObject({
      status: "APPROVED",
      payment_source: { paypal: { account_id: EMULATOR_PAYER.id, email_address: EMULATOR_PAYER.email } },
    });
    const captured = await call("POST", `/v2/checkout/orders/${id}/capture`, undefined, "capture:1");
    expect(captured.status).toBe(201);
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "25.00" } });

    const refund = { amount: { currency_code: "USD", value: "10.00" } };
    const refunded = await call("POST", `/v2/payments/captures/${capture.id}/refund`, refund, "refund:1");
    expect(refunded).toMatchObject({
      status: 201,
      body: { status: "COMPLETED", amount: { value: "10.00" } },
    });
    // Asked again under its request id: the one refund.
    const again = await call("POST", `/v2/payments/captures/${capture.id}/refund`, refund, "refund:1");
    expect(again.body.id).toBe(refunded.body.id);
    expect(((await emulator.order(id)) as Json).purchase_units[0].payments).toMatchObject({
      captures: [{ id: capture.id, status: "PARTIALLY_REFUNDED" }],
      refunds: [{ id: refunded.body.id, status: "COMPLETED", amount: { value: "10.00" } }],
    });
  });

  it("answers an unknown id as PayPal does", async () => {
    expect(await call("GET", "/v2/checkout/orders/NOSUCHORDER000000")).toMatchObject({
      status: 404,
      body: { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] },
    });
    expect(await emulator.order("NOSUCHORDER000000")).toBeNull();
  });

  it("makes one payout per sender_batch_id: a retry under its request id is answered again, another request id refused with a link to it", async () => {
    const created = await call("POST", "/v1/payments/payouts", payoutBody("refund:1"), "refund:1");
    expect(created).toMatchObject({
      status: 201,
      body: {
        batch_header: { batch_status: "PENDING", sender_batch_header: { sender_batch_id: "refund:1" } },
      },
    });
    const batchId = created.body.batch_header.payout_batch_id as string;
    const retried = await call("POST", "/v1/payments/payouts", payoutBody("refund:1"), "refund:1");
    expect(retried.body.batch_header.payout_batch_id).toBe(batchId);
    const refused = await call("POST", "/v1/payments/payouts", payoutBody("refund:1"), "another");
    expect(refused).toMatchObject({
      status: 400,
      body: {
        name: "USER_BUSINESS_ERROR",
        details: [{ field: "SENDER_BATCH_ID" }],
        links: [{ href: `https://api-m.sandbox.paypal.com/v1/payments/payouts/${batchId}`, rel: "self" }],
      },
    });
    expect(await emulator.payoutCount()).toBe(1);
    expect((await call("GET", `/v1/payments/payouts/${batchId}`)).body).toMatchObject({
      batch_header: { payout_batch_id: batchId, batch_status: "SUCCESS", amount: { value: "12.50" } },
      items: [{ transaction_status: "SUCCESS", payout_item: { receiver: EMULATOR_PAYER.id } }],
    });
    // The sandbox's own PayPal, sent the same batch, answers with that payout.
    const inProcess = await createSandboxPaypal(emulator.db).sendPayout({
      receiver: EMULATOR_PAYER.id,
      amountCents: 1_250,
      currency: "usd",
      senderBatchId: "refund:1",
      note: "x",
    });
    expect(inProcess.id).toBe(batchId);

    const unknown = await call("POST", "/v1/payments/payouts", payoutBody("refund:2", "NOBODY"), "refund:2");
    expect(unknown).toMatchObject({ status: 422, body: { details: [{ issue: "RECEIVER_UNREGISTERED" }] } });
  });
});
