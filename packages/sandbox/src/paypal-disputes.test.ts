import type { PaypalApi } from "@mx/processors/paypal-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostDatabase } from "./db";
import { deliverSandboxNotices, openSandboxPaypalDispute } from "./disputes";
import { answerSandboxPaypal, createSandboxPaypal } from "./paypal";
import { createSandboxTestDatabase } from "./test-database";

let database: HostDatabase;
let drop: () => Promise<void>;
let paypal: PaypalApi;

beforeAll(async () => {
  ({ database, drop } = await createSandboxTestDatabase());
  paypal = createSandboxPaypal(database.db);
});
afterAll(() => drop());

let orders = 0;
/** An order for $40, approved by the test buyer and captured. */
async function capturedOrder() {
  orders += 1;
  const order = await paypal.createOrder({
    intent: "CAPTURE",
    amountCents: 4000,
    currency: "USD",
    customId: `purchase:${orders}|u1`,
    referenceId: `way/${orders}`,
    description: "A building",
    requestId: `order:${orders}`,
  });
  await answerSandboxPaypal(database.db, order.id, "approve");
  return paypal.captureOrder({ id: order.id, requestId: `capture:${orders}` });
}

function recorder() {
  const told: string[] = [];
  return {
    told,
    notices: {
      disputeChanged: async (id: string) => void told.push(id),
      fraudWarningRaised: async (id: string) => void told.push(`warning ${id}`),
    },
  };
}

describe("the sandbox PayPal's disputes", () => {
  it("reads a capture back with its order", async () => {
    const order = await capturedOrder();
    const captureId = order.capture?.id ?? "";
    expect(await paypal.getCapture(captureId)).toEqual({
      id: captureId,
      status: "COMPLETED",
      orderId: order.id,
      amountCents: 4000,
    });
    await expect(paypal.getCapture("NOSUCHCAPTURE0000")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("opens a dispute on a captured order and tells it at once; one per capture", async () => {
    const product = recorder();
    const order = await capturedOrder();
    const dispute = await openSandboxPaypalDispute(
      database.db,
      order.id,
      "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    );
    expect(dispute).toMatchObject({
      captureId: order.capture?.id,
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: "OPEN",
      outcome: null,
      amountCents: 4000,
      currency: "USD",
      feeCents: 0,
    });
    expect(dispute.id).toMatch(/^PP-D-\d+$/);
    expect(dispute.sellerResponseDueDate).not.toBeNull();
    // Delivered whatever the notice delay: a PayPal dispute's notice does not wait.
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual([dispute.id]);
    expect(await paypal.getDispute(dispute.id)).toEqual(dispute);
    expect((await paypal.listDisputes({ startTime: new Date(0) })).map((d) => d.id)).toContain(dispute.id);
    await expect(openSandboxPaypalDispute(database.db, order.id)).rejects.toMatchObject({ statusCode: 409 });
  });

  it("refuses to open one on an order not captured, or unknown", async () => {
    const order = await paypal.createOrder({
      intent: "CAPTURE",
      amountCents: 1000,
      currency: "USD",
      customId: "purchase:x|u1",
      referenceId: "way/x",
      description: "A building",
      requestId: "order:uncaptured",
    });
    await expect(openSandboxPaypalDispute(database.db, order.id)).rejects.toMatchObject({ statusCode: 422 });
    await expect(openSandboxPaypalDispute(database.db, "NOSUCHORDER000000")).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it.each([
    ["winning_evidence", "RESOLVED_SELLER_FAVOUR"],
    ["losing_evidence", "RESOLVED_BUYER_FAVOUR"],
  ])("evidence %s: under review, then resolved %s and told again", async (note, outcome) => {
    const product = recorder();
    const dispute = await openSandboxPaypalDispute(database.db, (await capturedOrder()).id);
    await deliverSandboxNotices(database.db, product.notices);
    await paypal.provideDisputeEvidence({ id: dispute.id, note });
    expect(await paypal.getDispute(dispute.id)).toMatchObject({
      status: "UNDER_REVIEW",
      sellerResponseDueDate: null,
    });
    // The same note again is taken; another is refused.
    await paypal.provideDisputeEvidence({ id: dispute.id, note });
    await expect(paypal.provideDisputeEvidence({ id: dispute.id, note: "more" })).rejects.toMatchObject({
      statusCode: 422,
    });
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual([dispute.id, dispute.id]);
    expect(await paypal.getDispute(dispute.id)).toMatchObject({ status: "RESOLVED", outcome });
  });

  it("any other note leaves it under review; an unknown dispute is PayPal's 404", async () => {
    const product = recorder();
    const dispute = await openSandboxPaypalDispute(database.db, (await capturedOrder()).id);
    await paypal.provideDisputeEvidence({ id: dispute.id, note: "Delivered on time." });
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual([dispute.id]);
    expect((await paypal.getDispute(dispute.id)).status).toBe("UNDER_REVIEW");
    await expect(paypal.getDispute("PP-D-0")).rejects.toMatchObject({
      issue: "INVALID_RESOURCE_ID",
      statusCode: 404,
    });
  });
});
