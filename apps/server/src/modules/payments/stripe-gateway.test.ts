import { createServer } from "node:net";
import { CardError, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import {
  declined,
  missing,
  type StripeEmulator,
  startStripeEmulator,
  stripeError,
} from "@mx/sandbox/http/stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway, PROCESSOR_UNAVAILABLE } from "./stripe-gateway";

const SECRET = "sk_test_emulator_0123456789abcdef";
const PUBLISHABLE = "pk_test_emulator_0123456789abcdef";

let emulator: StripeEmulator;
let gateway: PaymentGateway;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({ secretKey: SECRET, publishableKey: PUBLISHABLE, apiBase: emulator.url });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** The requests made so far, without the headers every request carries. */
const sent = () => emulator.requests.map(({ method, path, body }) => ({ method, path, body }));

/** Makes an intent in the emulator (and forgets the request), for the calls that act on one. */
async function intent(captureMethod: "automatic" | "manual", paymentMethodId?: string) {
  const created = await gateway.createPaymentIntent({
    amountCents: 10_899,
    currency: "usd",
    customerId: "cus_owner",
    captureMethod,
    ...(paymentMethodId ? { paymentMethodId } : {}),
  });
  emulator.reset();
  return created;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("stripe gateway: requests", () => {
  it("is the stripe kind and hands out the publishable key only", () => {
    expect(gateway.kind).toBe("stripe");
    expect(gateway.publishableKey).toBe(PUBLISHABLE);
  });

  it("creates a customer with the player's e-mail, name and user id, authenticated with the secret key", async () => {
    const customer = await gateway.createCustomer({
      email: "ann@example.com",
      name: "Ann Lee",
      userId: "u-1",
    });
    expect(customer).toEqual({ id: expect.stringMatching(/^cus_/) });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/customers",
        body: { email: "ann@example.com", name: "Ann Lee", "metadata[userId]": "u-1" },
      },
    ]);
    const [request] = emulator.requests;
    expect(request?.authorization).toBe(`Bearer ${SECRET}`);
    expect(request?.stripeVersion).toBe(Stripe.API_VERSION);
    // No key of ours: the SDK keys every POST itself, so its own retry cannot create two customers.
    expect(request?.idempotencyKey).toMatch(/^stripe-node-retry-/);
  });

  it("turns a tok_ token into a PaymentMethod and attaches it to the customer", async () => {
    const card = await gateway.attachCard({ customerId: "cus_ann", token: "tok_visa" });
    expect(card).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
      name: "Jenny Rosen",
      funding: "credit",
    });
    expect(sent()).toEqual([
      { method: "POST", path: "/v1/payment_methods", body: { type: "card", "card[token]": "tok_visa" } },
      { method: "POST", path: `/v1/payment_methods/${card.id}/attach`, body: { customer: "cus_ann" } },
    ]);
  });

  it("attaches a pm_ PaymentMethod directly", async () => {
    const card = await gateway.attachCard({ customerId: "cus_ann", token: "pm_fromelements" });
    expect(card.id).toBe("pm_fromelements");
    expect(sent()).toEqual([
      { method: "POST", path: "/v1/payment_methods/pm_fromelements/attach", body: { customer: "cus_ann" } },
    ]);
  });

  it("calls a brand we do not know 'other'", async () => {
    const card = await gateway.attachCard({ customerId: "cus_ann", token: "tok_cartes_bancaires" });
    expect(card.brand).toBe("other");
    expect(card.funding).toBe("unknown");
  });

  it("refuses a token that is neither tok_ nor pm_ without asking Stripe", async () => {
    const error = await caught(gateway.attachCard({ customerId: "cus_ann", token: "4242424242424242" }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ code: "invalid_token", statusCode: 400 });
    expect(emulator.requests).toEqual([]);
  });

  it("detaches a card", async () => {
    await gateway.detachCard({ customerId: "cus_ann", paymentMethodId: "pm_old" });
    expect(sent()).toEqual([{ method: "POST", path: "/v1/payment_methods/pm_old/detach", body: {} }]);
  });

  it("authorises a bid: a manual-capture intent confirmed at once with the card, under our idempotency key", async () => {
    const created = await gateway.createPaymentIntent({
      amountCents: 10_899,
      currency: "USD",
      customerId: "cus_ann",
      paymentMethodId: "pm_visa",
      captureMethod: "manual",
      metadata: { purpose: "bid", propertyId: "way/1" },
      idempotencyKey: "bid-7f3a",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/payment_intents",
        body: {
          amount: "10899",
          currency: "usd",
          customer: "cus_ann",
          capture_method: "manual",
          "automatic_payment_methods[enabled]": "true",
          "automatic_payment_methods[allow_redirects]": "never",
          "metadata[purpose]": "bid",
          "metadata[propertyId]": "way/1",
          "metadata[operation]": "bid-7f3a",
          payment_method: "pm_visa",
          confirm: "true",
        },
      },
    ]);
    expect(emulator.requests[0]?.idempotencyKey).toBe("bid-7f3a");
    expect(created).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: (await emulator.intent(created.id))?.client_secret,
      status: "requires_capture",
      amountCents: 10_899,
      capturedCents: 0,
      refundedCents: 0,
      currency: "usd",
      captureMethod: "manual",
      customerId: "cus_ann",
      paymentMethodId: "pm_visa",
      metadata: { purpose: "bid", propertyId: "way/1", operation: "bid-7f3a" },
      nextActionUrl: null,
    });
  });

  it("creates an intent without a card unconfirmed, for the browser to confirm", async () => {
    const created = await gateway.createPaymentIntent({
      amountCents: 2_500,
      currency: "usd",
      customerId: "cus_ann",
      captureMethod: "automatic",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/payment_intents",
        body: {
          amount: "2500",
          currency: "usd",
          customer: "cus_ann",
          capture_method: "automatic",
          "automatic_payment_methods[enabled]": "true",
          "automatic_payment_methods[allow_redirects]": "never",
        },
      },
    ]);
    expect(created).toMatchObject({
      status: "requires_payment_method",
      captureMethod: "automatic",
      paymentMethodId: null,
    });
  });

  it("confirms an intent with a card", async () => {
    const pi = await intent("automatic");
    const confirmed = await gateway.confirmPaymentIntent({ id: pi.id, paymentMethodId: "pm_visa" });
    expect(sent()).toEqual([
      { method: "POST", path: `/v1/payment_intents/${pi.id}/confirm`, body: { payment_method: "pm_visa" } },
    ]);
    expect(confirmed).toMatchObject({
      status: "succeeded",
      capturedCents: 10_899,
      paymentMethodId: "pm_visa",
    });
  });

  it("finds an intent by the operation key in its metadata, and lists intents over a window, for recovery and reconciliation", async () => {
    const created = await gateway.createPaymentIntent({
      amountCents: 1_899,
      currency: "usd",
      customerId: "cus_ann",
      paymentMethodId: "pm_visa",
      captureMethod: "automatic",
      metadata: { purpose: "purchase", purchaseId: "p1" },
      idempotencyKey: "purchase:p1",
    });
    emulator.requests.length = 0;
    // The call as recovery rebuilds it: Stripe is searched by its key alone.
    const card = {
      amountCents: 1_899,
      currency: "usd",
      paymentMethodId: "pm_visa",
      captureMethod: "automatic" as const,
      metadata: { purpose: "purchase", purchaseId: "p1" },
    };
    const found = await gateway.findPaymentIntent({ ...card, operation: "purchase:p1" });
    expect(found?.id).toBe(created.id);
    expect(await gateway.findPaymentIntent({ ...card, operation: "purchase:nobody" })).toBeNull();
    const listed = await gateway.listPaymentIntents({
      createdFrom: new Date(Date.now() - 60_000),
      createdTo: new Date(Date.now() + 60_000),
    });
    expect(listed.map((i) => i.id)).toContain(created.id);
    const [search, , list] = sent();
    expect(search).toEqual({
      method: "GET",
      path: "/v1/payment_intents/search?query=metadata[%27operation%27]%3A%27purchase%3Ap1%27&limit=1&expand[0]=data.latest_charge",
      body: {},
    });
    expect(list?.path).toMatch(
      /^\/v1\/payment_intents\?created\[gte\]=\d+&created\[lte\]=\d+&limit=100&expand\[0\]=data.latest_charge$/,
    );
  });

  it("retrieves an intent", async () => {
    const pi = await intent("manual", "pm_visa");
    const read = await gateway.retrievePaymentIntent(pi.id);
    expect(sent()).toEqual([
      { method: "GET", path: `/v1/payment_intents/${pi.id}?expand[0]=latest_charge`, body: {} },
    ]);
    expect(emulator.requests[0]?.idempotencyKey).toBeNull();
    expect(read).toEqual(pi);
  });

  it("captures part of an authorisation with amount_to_capture and our key", async () => {
    const pi = await intent("manual", "pm_visa");
    const captured = await gateway.capturePaymentIntent({
      id: pi.id,
      amountCents: 10_000,
      idempotencyKey: "accept-1",
    });
    expect(sent()).toEqual([
      { method: "POST", path: `/v1/payment_intents/${pi.id}/capture`, body: { amount_to_capture: "10000" } },
    ]);
    expect(emulator.requests[0]?.idempotencyKey).toBe("accept-1");
    expect(captured).toMatchObject({ status: "succeeded", amountCents: 10_899, capturedCents: 10_000 });
  });

  it("captures a whole authorisation with no amount", async () => {
    const pi = await intent("manual", "pm_visa");
    const captured = await gateway.capturePaymentIntent({ id: pi.id });
    expect(sent()).toEqual([{ method: "POST", path: `/v1/payment_intents/${pi.id}/capture`, body: {} }]);
    expect(captured.capturedCents).toBe(10_899);
  });

  it("cancels (releases) an authorisation under our key", async () => {
    const pi = await intent("manual", "pm_visa");
    const canceled = await gateway.cancelPaymentIntent({ id: pi.id, idempotencyKey: "release-1" });
    expect(sent()).toEqual([{ method: "POST", path: `/v1/payment_intents/${pi.id}/cancel`, body: {} }]);
    expect(emulator.requests[0]?.idempotencyKey).toBe("release-1");
    expect(canceled.status).toBe("canceled");
  });

  it("refunds an intent, in part, under our key", async () => {
    const pi = await intent("automatic", "pm_visa");
    const refund = await gateway.refund({
      paymentIntentId: pi.id,
      amountCents: 899,
      idempotencyKey: "refund-1",
    });
    expect(sent()).toEqual([
      { method: "POST", path: "/v1/refunds", body: { payment_intent: pi.id, amount: "899" } },
    ]);
    expect(emulator.requests[0]?.idempotencyKey).toBe("refund-1");
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/),
      paymentIntentId: pi.id,
      amountCents: 899,
      status: "succeeded",
    });
  });

  it("refunds an intent in full with no amount", async () => {
    const pi = await intent("automatic", "pm_visa");
    const refund = await gateway.refund({ paymentIntentId: pi.id });
    expect(sent()).toEqual([{ method: "POST", path: "/v1/refunds", body: { payment_intent: pi.id } }]);
    expect(refund.amountCents).toBe(10_899);
  });
});

describe("stripe gateway: errors", () => {
  it("turns a card_error into a CardError in Stripe's words", async () => {
    emulator.replyOnce("POST", "/v1/payment_intents", declined());
    const error = await caught(
      gateway.createPaymentIntent({
        amountCents: 10_899,
        currency: "usd",
        customerId: "cus_ann",
        paymentMethodId: "pm_declines",
        captureMethod: "manual",
      }),
    );
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
      declineCode: "generic_decline",
    });
  });

  it("keeps the code of a refusal such as insufficient funds, and refuses the card at attach time too", async () => {
    emulator.replyOnce(
      "POST",
      "/v1/payment_methods/pm_poor/attach",
      stripeError(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      }),
    );
    const error = await caught(gateway.attachCard({ customerId: "cus_ann", token: "pm_poor" }));
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code: "card_declined", declineCode: "insufficient_funds" });
    expect((error as Error).message).toBe("Your card has insufficient funds.");
  });

  it("turns resource_missing into a 404 GatewayRequestError", async () => {
    emulator.replyOnce(
      "GET",
      "/v1/payment_intents/pi_nope?expand[0]=latest_charge",
      missing("payment_intent", "pi_nope"),
    );
    const error = await caught(gateway.retrievePaymentIntent("pi_nope"));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      code: "resource_missing",
      statusCode: 404,
      message: "No such payment_intent: 'pi_nope'",
    });
  });

  it("turns another invalid request into a 400 with Stripe's code", async () => {
    const pi = await intent("manual", "pm_visa");
    emulator.replyOnce(
      "POST",
      `/v1/payment_intents/${pi.id}/capture`,
      stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        message: "The amount to capture is larger than the amount authorised.",
        param: "amount_to_capture",
      }),
    );
    const error = await caught(gateway.capturePaymentIntent({ id: pi.id, amountCents: 99_999 }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ code: "amount_too_large", statusCode: 400 });
  });

  it("names an invalid request without a code invalid_request", async () => {
    emulator.replyOnce(
      "POST",
      "/v1/refunds",
      stripeError(400, {
        type: "invalid_request_error",
        message: "This PaymentIntent has no charge to refund.",
      }),
    );
    const error = await caught(gateway.refund({ paymentIntentId: "pi_x" }));
    expect(error).toMatchObject({ code: "invalid_request", statusCode: 400 });
  });

  it("answers a reused idempotency key with a 409", async () => {
    emulator.replyOnce(
      "POST",
      "/v1/refunds",
      stripeError(400, {
        type: "idempotency_error",
        message:
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
      }),
    );
    const error = await caught(gateway.refund({ paymentIntentId: "pi_x", idempotencyKey: "k" }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ code: "idempotency_error", statusCode: 409 });
  });

  it("hides an authentication failure (our key) behind processor_unavailable, key and all", async () => {
    emulator.replyOnce(
      "POST",
      "/v1/customers",
      stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${SECRET}` }),
    );
    const error = await caught(gateway.createCustomer({ email: "a@example.com", name: "A", userId: "u" }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      code: "processor_unavailable",
      statusCode: 503,
      message: PROCESSOR_UNAVAILABLE,
    });
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect((error as Error).message).not.toContain("sk_");
    // The log keeps what happened, with the key masked.
    const cause = String((error as Error).cause);
    expect(cause).toContain("StripeAuthenticationError 401");
    expect(cause).toContain("sk_test_[redacted]");
    expect(cause).not.toContain(SECRET);
  });

  it("turns a Stripe outage (500) into processor_unavailable", async () => {
    emulator.replyOnce(
      "GET",
      "/v1/payment_intents/pi_any?expand[0]=latest_charge",
      stripeError(500, { type: "api_error", message: "An unknown error occurred" }),
    );
    const error = await caught(gateway.retrievePaymentIntent("pi_any"));
    expect(error).toMatchObject({ code: "processor_unavailable", statusCode: 503 });
  });

  it("turns a refused connection into processor_unavailable, at once (no retries against an emulator)", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const offline = createStripeGateway({
      secretKey: SECRET,
      publishableKey: PUBLISHABLE,
      apiBase: `http://127.0.0.1:${port}`,
    });
    const started = Date.now();
    const error = await caught(offline.retrievePaymentIntent("pi_any"));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      code: "processor_unavailable",
      statusCode: 503,
      message: PROCESSOR_UNAVAILABLE,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
