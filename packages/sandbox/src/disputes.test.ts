import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paySandboxCheckoutSession } from "./checkout-payment";
import type { HostDatabase } from "./db";
import { deliverSandboxNotices, sandboxNoticeWorker } from "./disputes";
import { createSandboxGateway, createSandboxToken } from "./gateway";
import { noticesSending } from "./notice-queue";
import { sharedSandboxTestPaymentMethod } from "./payment-methods";
import { sandboxNotices } from "./schema";
import { createSandboxTestDatabase } from "./test-database";

let database: HostDatabase;
let drop: () => Promise<void>;
let gateway: PaymentGateway;
let customerId: string;
const year = new Date().getUTCFullYear() + 2;

beforeAll(async () => {
  ({ database, drop } = await createSandboxTestDatabase());
  gateway = createSandboxGateway(database.db);
  customerId = (await gateway.createCustomer({ email: "a@b.co", name: "A", userId: "u1" })).id;
});
afterAll(() => drop());

/** A stand-in for the product: records what it is told; `failing` makes it refuse the next calls. */
function recorder() {
  const told: string[] = [];
  let failing = 0;
  const take = async (what: string) => {
    if (failing > 0) {
      failing -= 1;
      throw new Error("the product is down");
    }
    told.push(what);
  };
  return {
    told,
    failNext(times: number) {
      failing = times;
    },
    notices: {
      disputeChanged: (id: string) => take(`dispute ${id}`),
      fraudWarningRaised: (id: string) => take(`warning ${id}`),
    },
  };
}

const cardFor = async (number: string) => {
  const tok = await createSandboxToken(database.db, { number, cvc: "123", expMonth: 12, expYear: year });
  return gateway.attachCard({ customerId, token: tok.id });
};
const pay = async (number: string, captureMethod: "automatic" | "manual" = "automatic") =>
  gateway.createPaymentIntent({
    amountCents: 12_500,
    currency: "usd",
    customerId,
    paymentMethodId: (await cardFor(number)).id,
    captureMethod,
  });
const noticesOf = (intentId: string) =>
  database.db.select().from(sandboxNotices).where(eq(sandboxNotices.subject, intentId));

describe("the sandbox's disputed test cards", () => {
  it.each([
    ["4000000000000259", "fraudulent"],
    ["4000000000002685", "product_not_received"],
  ])("%s is charged, then disputed as %s: funds and fee withdrawn, told once", async (number, reason) => {
    const product = recorder();
    const intent = await pay(number);
    expect(intent.status).toBe("succeeded");
    await deliverSandboxNotices(database.db, product.notices);
    const told = product.told.filter((t) => t.startsWith("dispute"));
    const disputes = await gateway.listDisputes({ createdFrom: new Date(0), createdTo: new Date() });
    const dispute = disputes.find((d) => d.paymentIntentId === intent.id);
    expect(dispute).toMatchObject({
      processor: "sandbox",
      amountCents: 12_500,
      feeCents: 1500,
      currency: "usd",
      reason,
      status: "needs_response",
      fundsWithdrawn: true,
      fundsReinstated: false,
    });
    expect(dispute?.id).toMatch(/^dp_/);
    expect(told).toEqual([`dispute ${dispute?.id}`]);
    const due = dispute?.evidenceDueBy?.getTime() ?? 0;
    expect(due - (dispute?.createdAt.getTime() ?? 0)).toBe(7 * 24 * 60 * 60_000);
    expect(await gateway.retrieveDispute(dispute?.id ?? "")).toEqual(dispute);
    // Delivered once: another sweep tells nothing more.
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual(told);
  });

  it("the sandbox's own card 4000 0000 0000 8005 is charged, then meets an early fraud warning", async () => {
    const product = recorder();
    const intent = await pay("4000000000008005");
    expect(intent.status).toBe("succeeded");
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toHaveLength(1);
    const warningId = product.told[0]?.replace("warning ", "") ?? "";
    expect(warningId).toMatch(/^issfr_/);
    expect(await gateway.retrieveFraudWarning(warningId)).toMatchObject({
      paymentIntentId: intent.id,
      fraudType: "unauthorized_use_of_card",
      actionable: true,
    });
    // Refunded, as the platform does on a warning: no longer actionable, and no dispute follows.
    await gateway.refund({ paymentIntentId: intent.id });
    expect((await gateway.retrieveFraudWarning(warningId)).actionable).toBe(false);
  });

  it("a hold on a disputed card is disputed only once captured", async () => {
    const product = recorder();
    const hold = await pay("4000000000000259", "manual");
    expect(hold.status).toBe("requires_capture");
    await deliverSandboxNotices(database.db, product.notices);
    expect(await noticesOf(hold.id)).toEqual([]);
    await gateway.capturePaymentIntent({
      id: hold.id,
      amountCents: 10_000,
      idempotencyKey: `cap:${hold.id}`,
    });
    // The capture repeated under its key queues nothing more.
    await gateway.capturePaymentIntent({
      id: hold.id,
      amountCents: 10_000,
      idempotencyKey: `cap:${hold.id}`,
    });
    expect(await noticesOf(hold.id)).toHaveLength(1);
    await deliverSandboxNotices(database.db, product.notices);
    const [dispute] = (
      await gateway.listDisputes({ createdFrom: new Date(0), createdTo: new Date() })
    ).filter((d) => d.paymentIntentId === hold.id);
    expect(dispute?.amountCents).toBe(10_000);
    expect(product.told).toEqual([`dispute ${dispute?.id}`]);
  });

  it("a checkout paid with a disputed card is disputed too", async () => {
    const product = recorder();
    const session = await gateway.createCheckoutSession({
      lineItems: [{ name: "A poster", unitAmountCents: 2000, quantity: 1 }],
      customerEmail: "a@b.co",
      shippingRates: [],
      returnUrl: "http://localhost/return",
    });
    const tok = await createSandboxToken(database.db, {
      number: "4000000000002685",
      cvc: "123",
      expMonth: 12,
      expYear: year,
    });
    await paySandboxCheckoutSession(database.db, { clientSecret: session.clientSecret, token: tok.id });
    const paid = await gateway.retrieveCheckoutSession(session.id);
    expect(paid.paymentStatus).toBe("paid");
    await deliverSandboxNotices(database.db, product.notices);
    const intentId = paid.paymentIntentId ?? "";
    const [dispute] = (
      await gateway.listDisputes({ createdFrom: new Date(0), createdTo: new Date() })
    ).filter((d) => d.paymentIntentId === intentId);
    expect(dispute).toMatchObject({ reason: "product_not_received", amountCents: 2000 });
    expect(product.told).toEqual([`dispute ${dispute?.id}`]);
  });

  it("Stripe's pm_card_createDispute stands for 0259", async () => {
    await sharedSandboxTestPaymentMethod(database.db, "pm_card_createDispute", customerId);
    const intent = await gateway.createPaymentIntent({
      amountCents: 900,
      currency: "usd",
      customerId,
      paymentMethodId: "pm_card_createDispute",
      captureMethod: "automatic",
    });
    expect(await noticesOf(intent.id)).toMatchObject([
      { kind: "open_dispute", detail: { reason: "fraudulent" } },
    ]);
  });

  it("an ordinary card queues nothing", async () => {
    const intent = await pay("4242424242424242");
    expect(await noticesOf(intent.id)).toEqual([]);
  });

  it("charges asked for at the same moment on an ordinary and a disputed card: only the disputed one queues its dispute", async () => {
    const [ordinary, disputed, another] = await Promise.all([
      pay("4242424242424242"),
      pay("4000000000000259"),
      pay("5555555555554444"),
    ]);
    expect([ordinary.status, disputed.status, another.status]).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
    ]);
    expect(await noticesOf(ordinary.id)).toEqual([]);
    expect(await noticesOf(another.id)).toEqual([]);
    expect(await noticesOf(disputed.id)).toMatchObject([
      { kind: "open_dispute", detail: { reason: "fraudulent" } },
    ]);
  });

  it("refuses to refund a disputed payment, as Stripe does", async () => {
    const intent = await pay("4000000000000259");
    await deliverSandboxNotices(database.db, recorder().notices);
    const refund = gateway.refund({ paymentIntentId: intent.id });
    await expect(refund).rejects.toBeInstanceOf(GatewayRequestError);
    await expect(refund).rejects.toMatchObject({ code: "charge_disputed", statusCode: 400 });
  });

  it("knows no other dispute or warning", async () => {
    await expect(gateway.retrieveDispute("dp_x")).rejects.toMatchObject({
      code: "resource_missing",
      message: "No such dispute: 'dp_x'",
      statusCode: 404,
    });
    await expect(gateway.submitDisputeEvidence({ id: "dp_x", text: "t" })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(gateway.retrieveFraudWarning("issfr_x")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("a dispute's evidence", () => {
  const disputed = async () => {
    const product = recorder();
    const intent = await pay("4000000000000259");
    await deliverSandboxNotices(database.db, product.notices);
    const id = product.told[0]?.replace("dispute ", "") ?? "";
    return { product, id, intent };
  };

  it.each([
    ["winning_evidence", "won", true, false],
    ["The receipt. losing_evidence", "lost", false, true],
  ])("%s: under review, then %s and told again", async (text, status, reinstated, withdrawn) => {
    const { product, id } = await disputed();
    const submitted = await gateway.submitDisputeEvidence({ id, text });
    expect(submitted).toMatchObject({ status: "under_review", evidenceDueBy: null });
    // The same evidence again answers as it stands; other evidence is refused.
    expect((await gateway.submitDisputeEvidence({ id, text })).status).toBe("under_review");
    await expect(gateway.submitDisputeEvidence({ id, text: "other" })).rejects.toMatchObject({
      statusCode: 400,
    });
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual([`dispute ${id}`, `dispute ${id}`]);
    expect(await gateway.retrieveDispute(id)).toMatchObject({
      status,
      fundsReinstated: reinstated,
      fundsWithdrawn: withdrawn,
    });
  });

  it("any other text leaves it under review", async () => {
    const { product, id } = await disputed();
    await gateway.submitDisputeEvidence({ id, text: "The building was delivered." });
    await deliverSandboxNotices(database.db, product.notices);
    expect(product.told).toEqual([`dispute ${id}`]);
    expect((await gateway.retrieveDispute(id)).status).toBe("under_review");
  });
});

describe("the notices' worker", () => {
  it("waits out the delay, delivers a notice a restart left behind, and never twice", async () => {
    const product = recorder();
    const intent = await pay("4000000000000259");
    const first = sandboxNoticeWorker(database.db, product.notices, { delayMs: 60_000 });
    first.start();
    await first.stop();
    expect(product.told).toEqual([]);
    // The next process, its delay over: the notice is delivered by its first sweep, once.
    const second = sandboxNoticeWorker(database.db, product.notices, { delayMs: 0 });
    second.start();
    await expect.poll(() => product.told.length).toBe(1);
    const third = sandboxNoticeWorker(database.db, product.notices, { delayMs: 0 });
    third.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await Promise.all([second.stop(), third.stop()]);
    expect(product.told).toHaveLength(1);
    const [notice] = await noticesOf(intent.id);
    expect(notice).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("delivering every notice waits for one the worker is delivering", async () => {
    const told: string[] = [];
    const slow = {
      disputeChanged: async (id: string) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        told.push(id);
      },
      fraudWarningRaised: async () => {},
    };
    await pay("4000000000000259");
    const worker = sandboxNoticeWorker(database.db, slow, { delayMs: 0 });
    worker.start();
    await expect.poll(async () => (await noticesSending(database.db)) > 0 || told.length > 0).toBe(true);
    const product = recorder();
    await deliverSandboxNotices(database.db, product.notices);
    expect(told).toHaveLength(1);
    expect(product.told).toEqual([]);
    await worker.stop();
  });

  it("tries a notice the product failed to take again later, and the dispute is made once", async () => {
    const product = recorder();
    product.failNext(1);
    const intent = await pay("4000000000002685");
    const { failed } = await deliverSandboxNotices(database.db, product.notices);
    expect(failed).toHaveLength(1);
    const [notice] = await noticesOf(intent.id);
    expect(notice).toMatchObject({ state: "queued", attempts: 1, lastError: "the product is down" });
    // Its retry's wait over:
    await database.db
      .update(sandboxNotices)
      .set({ notBefore: new Date(Date.now() - 1000) })
      .where(eq(sandboxNotices.subject, intent.id));
    await deliverSandboxNotices(database.db, product.notices);
    const disputes = (await gateway.listDisputes({ createdFrom: new Date(0), createdTo: new Date() })).filter(
      (d) => d.paymentIntentId === intent.id,
    );
    expect(disputes).toHaveLength(1);
    expect(product.told).toEqual([`dispute ${disputes[0]?.id}`]);
  });
});
