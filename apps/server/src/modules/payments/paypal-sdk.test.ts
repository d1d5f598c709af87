import type { PaymentGateway } from "@mx/processors/gateway";
import { type PaypalApi, PaypalError } from "@mx/processors/paypal-api";
import {
  EMULATOR_PAYER,
  EMULATOR_TOKEN,
  type PaypalEmulator,
  paypalError,
  startPaypalEmulator,
} from "@mx/sandbox/http/paypal";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { intentOfOrder, orderIdOf, PAYPAL_METHOD, withPaypal } from "./paypal-gateway";
import { createPaypalSdk } from "./paypal-sdk";

const CLIENT_ID = "emulator-client-id";
const SECRET = "emulator-secret";

let emulator: PaypalEmulator;
let paypal: PaypalApi;

beforeAll(async () => {
  emulator = await startPaypalEmulator();
  paypal = createPaypalSdk({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    environment: "sandbox",
    apiBase: emulator.url,
  });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** What was sent, without the OAuth token fetch (which the SDK makes once, then reuses). */
const sent = () =>
  emulator.requests
    .filter((r) => r.path !== "/v1/oauth2/token")
    .map(({ method, path, body, requestId, prefer }) => ({ method, path, body, requestId, prefer }));

const order = (intent: "CAPTURE" | "AUTHORIZE", requestId: string) =>
  paypal.createOrder({
    intent,
    amountCents: 10_899,
    currency: "usd",
    customId: `purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60|9d7b2c1a-1111-4222-8333-444455556666`,
    referenceId: "way/1",
    description: "Manhattan Exchange",
    requestId,
  });

describe("PayPal adapter: exact requests through the official SDK", () => {
  it("gets an OAuth token with the client id and secret, then creates an order with the request id", async () => {
    const created = await order("CAPTURE", "purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60");
    const token = emulator.requests.find((r) => r.path === "/v1/oauth2/token");
    expect(token?.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString("base64")}`);
    expect(token?.body).toEqual({ grant_type: "client_credentials" });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v2/checkout/orders",
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: "way/1",
              custom_id: "purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60|9d7b2c1a-1111-4222-8333-444455556666",
              description: "Manhattan Exchange: $108.99",
              amount: { currency_code: "USD", value: "108.99" },
            },
          ],
        },
        requestId: "purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60",
        prefer: "return=representation",
      },
    ]);
    const orderCall = emulator.requests.find((r) => r.path === "/v2/checkout/orders");
    expect(orderCall?.authorization).toBe(`Bearer ${EMULATOR_TOKEN}`);
    expect(created).toMatchObject({
      status: "CREATED",
      intent: "CAPTURE",
      amountCents: 10_899,
      currency: "USD",
      referenceId: "way/1",
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${created.id}`,
      capture: null,
      authorization: null,
    });
    // As an intent: waiting for the payer, who approves in PayPal's window; what it is for comes back.
    expect(intentOfOrder(created)).toMatchObject({
      id: `paypal_${created.id}`,
      status: "requires_action",
      clientSecret: created.id,
      captureMethod: "automatic",
      paymentMethodId: "paypal",
      metadata: {
        purpose: "purchase",
        purchaseId: "3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60",
        userId: "9d7b2c1a-1111-4222-8333-444455556666",
        buildingId: "way/1",
        operation: "purchase:3b0f6f0e-5d59-4c38-9c2b-1b2f3d4e5f60",
      },
    });
  });

  it("creates a shop order with its amount broken down, its lines, and the address the payer cannot change", async () => {
    const created = await paypal.createOrder({
      intent: "CAPTURE",
      amountCents: 13_562,
      currency: "usd",
      customId: "shop:9b1f|",
      referenceId: "shop:9b1f",
      description: "Manhattan Exchange",
      requestId: "shop:9b1f",
      goods: {
        items: [
          { name: "Snapback Cap", unitAmountCents: 10_000, quantity: 1 },
          { name: "Broker Sticker", unitAmountCents: 799, quantity: 2 },
        ],
        shippingCents: 1_500,
        taxCents: 464,
        shipTo: {
          name: "Ada Shopper",
          line1: "350 Fifth Avenue",
          line2: "Floor 86",
          city: "New York",
          state: "NY",
          postalCode: "10118",
          country: "US",
        },
      },
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v2/checkout/orders",
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: "shop:9b1f",
              custom_id: "shop:9b1f|",
              description: "Manhattan Exchange: $135.62",
              amount: {
                currency_code: "USD",
                value: "135.62",
                breakdown: {
                  item_total: { currency_code: "USD", value: "115.98" },
                  shipping: { currency_code: "USD", value: "15.00" },
                  tax_total: { currency_code: "USD", value: "4.64" },
                },
              },
              items: [
                {
                  name: "Snapback Cap",
                  unit_amount: { currency_code: "USD", value: "100.00" },
                  quantity: "1",
                  category: "PHYSICAL_GOODS",
                },
                {
                  name: "Broker Sticker",
                  unit_amount: { currency_code: "USD", value: "7.99" },
                  quantity: "2",
                  category: "PHYSICAL_GOODS",
                },
              ],
              shipping: {
                type: "SHIPPING",
                name: { full_name: "Ada Shopper" },
                address: {
                  address_line_1: "350 Fifth Avenue",
                  address_line_2: "Floor 86",
                  admin_area_2: "New York",
                  admin_area_1: "NY",
                  postal_code: "10118",
                  country_code: "US",
                },
              },
            },
          ],
          payment_source: { paypal: { experience_context: { shipping_preference: "SET_PROVIDED_ADDRESS" } } },
        },
        requestId: "shop:9b1f",
        prefer: "return=representation",
      },
    ]);
    expect(created).toMatchObject({ status: "CREATED", amountCents: 13_562, referenceId: "shop:9b1f" });
  });

  it("creates one order for a request id sent twice", async () => {
    const first = await order("CAPTURE", "purchase:twice");
    const second = await order("CAPTURE", "purchase:twice");
    expect(second.id).toBe(first.id);
    expect(sent().map((r) => r.requestId)).toEqual(["purchase:twice", "purchase:twice"]);
  });

  it("captures an approved order with its own request id, and reads it back as succeeded", async () => {
    const created = await order("CAPTURE", "purchase:capture");
    await emulator.approve(created.id);
    emulator.reset();
    const captured = await paypal.captureOrder({ id: created.id, requestId: `capture:${created.id}` });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: `/v2/checkout/orders/${created.id}/capture`,
        body: null,
        requestId: `capture:${created.id}`,
        prefer: "return=representation",
      },
    ]);
    expect(captured.capture).toMatchObject({ status: "COMPLETED", amountCents: 10_899 });
    expect(intentOfOrder(captured)).toMatchObject({
      status: "succeeded",
      capturedCents: 10_899,
      refundedCents: 0,
    });
    emulator.reset();
    const read = await paypal.getOrder(created.id);
    expect(sent()).toEqual([
      { method: "GET", path: `/v2/checkout/orders/${created.id}`, body: null, requestId: null, prefer: null },
    ]);
    expect(read.status).toBe("COMPLETED");
  });

  it("refunds a capture in full, keyed by our refund key", async () => {
    const created = await order("CAPTURE", "purchase:refund");
    await emulator.approve(created.id);
    const captured = await paypal.captureOrder({ id: created.id, requestId: `capture:${created.id}` });
    emulator.reset();
    const refund = await paypal.refundCapture({
      captureId: captured.capture?.id ?? "",
      amountCents: 10_899,
      currency: "usd",
      requestId: "purchase-refund:refund",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: `/v2/payments/captures/${captured.capture?.id}/refund`,
        body: { amount: { currency_code: "USD", value: "108.99" } },
        requestId: "purchase-refund:refund",
        prefer: "return=representation",
      },
    ]);
    expect(refund).toMatchObject({ status: "COMPLETED", amountCents: 10_899 });
    const after = await paypal.getOrder(created.id);
    expect(after.refundedCents).toBe(10_899);
    expect(intentOfOrder(after)).toMatchObject({ capturedCents: 10_899, refundedCents: 10_899 });
  });

  it("authorizes a bid's hold, captures it on accept, and voids another on release", async () => {
    const held = await order("AUTHORIZE", "bid:accept");
    await emulator.approve(held.id);
    emulator.reset();
    const authorized = await paypal.authorizeOrder({ id: held.id, requestId: `authorize:${held.id}` });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: `/v2/checkout/orders/${held.id}/authorize`,
        body: null,
        requestId: `authorize:${held.id}`,
        prefer: "return=representation",
      },
    ]);
    expect(intentOfOrder(authorized)).toMatchObject({ status: "requires_capture", captureMethod: "manual" });
    const authorizationId = authorized.authorization?.id ?? "";
    emulator.reset();
    await paypal.captureAuthorization({
      authorizationId,
      amountCents: 10_899,
      currency: "usd",
      requestId: "bid-capture:accept",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: `/v2/payments/authorizations/${authorizationId}/capture`,
        body: { amount: { currency_code: "USD", value: "108.99" }, final_capture: true },
        requestId: "bid-capture:accept",
        prefer: "return=representation",
      },
    ]);
    expect(intentOfOrder(await paypal.getOrder(held.id))).toMatchObject({
      status: "succeeded",
      capturedCents: 10_899,
    });

    const released = await order("AUTHORIZE", "bid:release");
    await emulator.approve(released.id);
    const hold = await paypal.authorizeOrder({ id: released.id, requestId: `authorize:${released.id}` });
    emulator.reset();
    await paypal.voidAuthorization({
      authorizationId: hold.authorization?.id ?? "",
      requestId: "bid-release:x",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: `/v2/payments/authorizations/${hold.authorization?.id}/void`,
        body: null,
        requestId: "bid-release:x",
        prefer: "return=representation",
      },
    ]);
    // An empty body, and no content type claiming a form.
    expect(emulator.requests.at(-1)?.contentType).toBeNull();
    expect(intentOfOrder(await paypal.getOrder(released.id)).status).toBe("canceled");
  });

  it("reads who paid an approved order, and sends that account a payout once per sender_batch_id", async () => {
    const created = await order("CAPTURE", "purchase:payer");
    expect(created.payer).toBeNull();
    await emulator.approve(created.id);
    expect((await paypal.getOrder(created.id)).payer).toEqual(EMULATOR_PAYER);
    emulator.reset();

    const payout = await paypal.sendPayout({
      receiver: EMULATOR_PAYER.id,
      amountCents: 4_150,
      currency: "usd",
      senderBatchId: "account-refund:5d0c",
      note: "Your earnings",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/payments/payouts",
        body: {
          sender_batch_header: {
            sender_batch_id: "account-refund:5d0c",
            recipient_type: "PAYPAL_ID",
            email_subject: "You have a payment from Manhattan Exchange",
            email_message: "Your earnings",
          },
          items: [
            {
              recipient_type: "PAYPAL_ID",
              receiver: EMULATOR_PAYER.id,
              sender_item_id: "account-refund:5d0c",
              note: "Your earnings",
              amount: { value: "41.50", currency: "USD" },
            },
          ],
        },
        requestId: "account-refund:5d0c",
        prefer: null,
      },
    ]);
    expect(emulator.requests.at(-1)?.authorization).toBe(`Bearer ${EMULATOR_TOKEN}`);
    expect(payout).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      senderBatchId: "account-refund:5d0c",
      status: "PENDING",
      amountCents: 4_150,
      currency: "USD",
      receiver: EMULATOR_PAYER.id,
      // The reply to the create call has no items yet.
      itemStatus: null,
    });
    expect(await paypal.getPayout(payout.id)).toMatchObject({
      id: payout.id,
      status: "SUCCESS",
      amountCents: 4_150,
      itemStatus: "SUCCESS",
    });

    // Sent again with the same request id, or after PayPal forgot it (the batch id refused as used): one payout.
    const again = await paypal.sendPayout({
      receiver: EMULATOR_PAYER.id,
      amountCents: 4_150,
      currency: "usd",
      senderBatchId: "account-refund:5d0c",
      note: "Your earnings",
    });
    expect(again.id).toBe(payout.id);
    emulator.replyOnce("POST", "/v1/payments/payouts", {
      status: 400,
      body: {
        name: "USER_BUSINESS_ERROR",
        message: "User business error.",
        links: [{ href: `https://api-m.sandbox.paypal.com/v1/payments/payouts/${payout.id}`, rel: "self" }],
      },
    });
    const refusedAsUsed = await paypal.sendPayout({
      receiver: EMULATOR_PAYER.id,
      amountCents: 4_150,
      currency: "usd",
      senderBatchId: "account-refund:other-request",
      note: "Your earnings",
    });
    expect(refusedAsUsed).toMatchObject({ id: payout.id, status: "SUCCESS" });
    expect(await emulator.payoutCount()).toBe(1);

    emulator.replyOnce(
      "POST",
      "/v1/payments/payouts",
      paypalError(422, "UNPROCESSABLE_ENTITY", "RECEIVER_UNREGISTERED", "Receiver is unregistered."),
    );
    await expect(
      paypal.sendPayout({
        receiver: "NOBODY",
        amountCents: 100,
        currency: "usd",
        senderBatchId: "account-refund:nobody",
        note: "x",
      }),
    ).rejects.toMatchObject({ issue: "RECEIVER_UNREGISTERED", statusCode: 422 });
  });

  it("reports PayPal's refusals in its own words: a declined wallet, an unapproved order, an unknown one", async () => {
    const created = await order("CAPTURE", "purchase:declined");
    await emulator.approve(created.id);
    emulator.replyOnce(
      "POST",
      `/v2/checkout/orders/${created.id}/capture`,
      paypalError(
        422,
        "UNPROCESSABLE_ENTITY",
        "INSTRUMENT_DECLINED",
        "The instrument presented was declined.",
      ),
    );
    const declined = await paypal.captureOrder({ id: created.id, requestId: "x" }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(PaypalError);
    expect(declined).toMatchObject({ issue: "INSTRUMENT_DECLINED", statusCode: 422 });

    const unapproved = await order("CAPTURE", "purchase:unapproved");
    const early = await paypal.captureOrder({ id: unapproved.id, requestId: "y" }).catch((e: unknown) => e);
    expect(early).toMatchObject({ issue: "ORDER_NOT_APPROVED", statusCode: 422 });

    const missing = await paypal.getOrder("NOSUCHORDER000000").catch((e: unknown) => e);
    expect(missing).toMatchObject({ issue: "INVALID_RESOURCE_ID", statusCode: 404 });
  });
});

describe("PayPal orders as intents", () => {
  it("an order the payer approved waits for our confirmation; a cancelled one for another payment method", async () => {
    const created = await order("CAPTURE", "purchase:states");
    await emulator.approve(created.id);
    expect(intentOfOrder(await paypal.getOrder(created.id)).status).toBe("requires_confirmation");
    expect(intentOfOrder({ ...created, payerCancelled: true }).status).toBe("requires_payment_method");
    expect(intentOfOrder({ ...created, status: "VOIDED" }).status).toBe("canceled");
  });

  it("finds a hold whose id was never noted by sending its create again: the same request id and body, then the order read now", async () => {
    const searched: string[] = [];
    // The card gateway beside PayPal: only its search is used here, for a call paid by card.
    const cards = {
      kind: "sandbox",
      findPaymentIntent: async ({ operation }: { operation: string }) => {
        searched.push(operation);
        return null;
      },
    } as unknown as PaymentGateway;
    // Recovery reads no table of ours.
    const gateway = withPaypal(cards, paypal, {} as Db);
    const hold = {
      operation: "bid:5c2e",
      paymentMethodId: PAYPAL_METHOD,
      amountCents: 50_899,
      currency: "usd",
      captureMethod: "manual" as const,
      metadata: { purpose: "bid", bidId: "5c2e", buildingId: "way/7", userId: "u1", amountCents: "50899" },
    };
    const { operation, ...call } = hold;
    const created = await gateway.createPaymentIntent({
      ...call,
      customerId: "cus_1",
      idempotencyKey: operation,
    });
    const [first] = sent();
    emulator.reset();
    const made = await emulator.orderCount();
    const found = await gateway.findPaymentIntent(hold);
    const [again, read] = sent();
    expect(again).toEqual(first);
    expect(again).toMatchObject({ requestId: "bid:5c2e", body: { intent: "AUTHORIZE" } });
    expect(read).toMatchObject({ method: "GET", path: `/v2/checkout/orders/${orderIdOf(created.id)}` });
    expect(await emulator.orderCount()).toBe(made);
    // Never shown to the payer (its id was never noted, so never sent to them): abandoned, nothing to take.
    expect(found).toMatchObject({
      id: created.id,
      status: "canceled",
      amountCents: 50_899,
      nextActionUrl: null,
    });
    // A call paid by card is the card processor's search, and PayPal is not asked.
    emulator.reset();
    expect(
      await gateway.findPaymentIntent({ ...hold, operation: "bid:card", paymentMethodId: "pm_1" }),
    ).toBeNull();
    expect(searched).toEqual(["bid:card"]);
    expect(sent()).toEqual([]);
  });
});
