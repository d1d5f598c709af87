import { CardError, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostDatabase } from "./db";
import { createSandboxGateway, createSandboxToken } from "./gateway";
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

const token = (number: string, cvc = "123", expMonth = 12, expYear = year) =>
  createSandboxToken(database.db, { number, cvc, expMonth, expYear, name: "Card Holder" });
const cardFor = async (number: string, cvc = "123") =>
  gateway.attachCard({ customerId, token: (await token(number, cvc)).id });

describe("the sandbox tokeniser", () => {
  it.each([
    ["4242 4242 4242 4242", "visa", "4242"],
    ["5555555555554444", "mastercard", "4444"],
    ["6011-1111-1111-1117", "discover", "1117"],
  ])("accepts %s as %s", async (number, brand, last4) => {
    const tok = await token(number);
    expect(tok.id).toMatch(/^tok_/);
    expect(tok.card).toEqual({ brand, last4, expMonth: 12, expYear: year });
  });

  it("accepts an Amex with a 4-digit security code", async () => {
    expect((await token("378282246310005", "1234")).card.brand).toBe("amex");
  });

  it.each([
    [{ number: "4242424242424241" }, "incorrect_number", "Your card number is incorrect."],
    [{ number: "4242" }, "incorrect_number", "Your card number is incorrect."],
    [{ number: "4242abcd42424242" }, "incorrect_number", "Your card number is incorrect."],
    [{ expMonth: 13 }, "invalid_expiry_month", "Your card's expiration month is invalid."],
    [{ expYear: 2020, expMonth: 1 }, "expired_card", "Your card has expired."],
    [{ expYear: 3000 }, "invalid_expiry_year", "Your card's expiration year is invalid."],
    [{ cvc: "12" }, "invalid_cvc", "Your card's security code is invalid."],
    [{ number: "378282246310005", cvc: "123" }, "invalid_cvc", "Your card's security code is invalid."],
  ])("refuses %j in Stripe's words", async (change, code, message) => {
    const card = { number: "4242424242424242", cvc: "123", expMonth: 12, expYear: year, ...change };
    const attempt = createSandboxToken(database.db, card);
    await expect(attempt).rejects.toBeInstanceOf(CardError);
    await expect(attempt).rejects.toMatchObject({ code, message });
  });
});

describe("the sandbox gateway", () => {
  it.each(["4242424242424242", "5555555555554444", "378282246310005", "6011111111111117"])(
    "attaches test card %s and charges it",
    async (number) => {
      const card = await cardFor(number, number.startsWith("37") ? "1234" : "123");
      expect(card.id).toMatch(/^pm_/);
      const intent = await gateway.createPaymentIntent({
        amountCents: 1899,
        currency: "usd",
        customerId,
        paymentMethodId: card.id,
        captureMethod: "automatic",
      });
      expect(intent).toMatchObject({ status: "succeeded", capturedCents: 1899, amountCents: 1899 });
    },
  );

  it("declines 4000 0000 0000 0002 when it is attached", async () => {
    const tok = await token("4000000000000002");
    await expect(gateway.attachCard({ customerId, token: tok.id })).rejects.toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
    });
  });

  it("refuses a charge on 4000 0000 0000 9995 for insufficient funds, leaving nothing captured", async () => {
    const card = await cardFor("4000000000009995");
    const attempt = gateway.createPaymentIntent({
      amountCents: 5000,
      currency: "usd",
      customerId,
      paymentMethodId: card.id,
      captureMethod: "automatic",
    });
    await expect(attempt).rejects.toMatchObject({
      message: "Your card has insufficient funds.",
      declineCode: "insufficient_funds",
    });
  });

  it("refuses an amount above $999,999.99, as Stripe does", async () => {
    const card = await cardFor("4242424242424242");
    await expect(
      gateway.createPaymentIntent({
        amountCents: 100_000_000,
        currency: "usd",
        customerId,
        paymentMethodId: card.id,
        captureMethod: "automatic",
      }),
    ).rejects.toMatchObject({ code: "amount_too_large", message: "Amount must be no more than $999,999.99" });
  });

  it("refuses a real (non-test) card as Stripe's test mode does", async () => {
    const tok = await token("4111111111111111");
    await expect(gateway.attachCard({ customerId, token: tok.id })).rejects.toMatchObject({
      code: "card_declined",
    });
  });

  it("uses a token once only", async () => {
    const tok = await token("4242424242424242");
    await gateway.attachCard({ customerId, token: tok.id });
    await expect(gateway.attachCard({ customerId, token: tok.id })).rejects.toBeInstanceOf(
      GatewayRequestError,
    );
  });

  it("holds, captures in part, and refunds no more than was captured", async () => {
    const card = await cardFor("4242424242424242");
    const hold = await gateway.createPaymentIntent({
      amountCents: 10_000,
      currency: "usd",
      customerId,
      paymentMethodId: card.id,
      captureMethod: "manual",
    });
    expect(hold.status).toBe("requires_capture");
    expect(hold.capturedCents).toBe(0);
    const captured = await gateway.capturePaymentIntent({ id: hold.id, amountCents: 8_000 });
    expect(captured).toMatchObject({ status: "succeeded", capturedCents: 8_000 });
    await expect(gateway.cancelPaymentIntent({ id: hold.id })).rejects.toBeInstanceOf(GatewayRequestError);
    const results = await Promise.allSettled([
      gateway.refund({ paymentIntentId: hold.id, amountCents: 5_000 }),
      gateway.refund({ paymentIntentId: hold.id, amountCents: 5_000 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("refuses a second confirm of one intent, and a second capture under another key, as Stripe does", async () => {
    const card = await cardFor("4242424242424242");
    const open = await gateway.createPaymentIntent({
      amountCents: 10_000,
      currency: "usd",
      customerId,
      captureMethod: "manual",
    });
    const results = await Promise.allSettled([
      gateway.confirmPaymentIntent({ id: open.id, paymentMethodId: card.id }),
      gateway.confirmPaymentIntent({ id: open.id, paymentMethodId: card.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(
      gateway.confirmPaymentIntent({ id: open.id, paymentMethodId: card.id }),
    ).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    await gateway.capturePaymentIntent({ id: open.id, idempotencyKey: "capture-1" });
    expect((await gateway.capturePaymentIntent({ id: open.id, idempotencyKey: "capture-1" })).status).toBe(
      "succeeded",
    );
    await expect(
      gateway.capturePaymentIntent({ id: open.id, idempotencyKey: "capture-2" }),
    ).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
  });

  it("releases a hold, and cannot capture it afterwards", async () => {
    const card = await cardFor("4242424242424242");
    const hold = await gateway.createPaymentIntent({
      amountCents: 2_000,
      currency: "usd",
      customerId,
      paymentMethodId: card.id,
      captureMethod: "manual",
    });
    expect((await gateway.cancelPaymentIntent({ id: hold.id })).status).toBe("canceled");
    await expect(gateway.capturePaymentIntent({ id: hold.id })).rejects.toBeInstanceOf(GatewayRequestError);
  });

  it("creates one intent for a repeated idempotency key", async () => {
    const card = await cardFor("4242424242424242");
    const input = {
      amountCents: 3_000,
      currency: "usd",
      customerId,
      paymentMethodId: card.id,
      captureMethod: "automatic" as const,
      idempotencyKey: "same-key",
    };
    const [a, b] = [await gateway.createPaymentIntent(input), await gateway.createPaymentIntent(input)];
    expect(a.id).toBe(b.id);
  });

  it("refuses a card attached to another customer", async () => {
    const other = await gateway.createCustomer({ email: "b@b.co", name: "B", userId: "u2" });
    const card = await cardFor("4242424242424242");
    await expect(
      gateway.createPaymentIntent({
        amountCents: 1_000,
        currency: "usd",
        customerId: other.id,
        paymentMethodId: card.id,
        captureMethod: "automatic",
      }),
    ).rejects.toMatchObject({ code: "payment_method_not_attached" });
  });
});
