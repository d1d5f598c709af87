import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { type StripeEmulator, startStripeEmulator, stripeError } from "@mx/sandbox/http/stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway } from "./stripe-gateway";

let emulator: StripeEmulator;
let gateway: PaymentGateway;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({
    secretKey: "sk_test_payouts",
    publishableKey: "pk_test_payouts",
    apiBase: emulator.url,
  });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const sent = () =>
  emulator.requests.map(({ method, path, body, stripeAccount }) => ({ method, path, body, stripeAccount }));

/** A debit card as Stripe returns an external account. */
function externalCard(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    object: "card",
    account: "acct_1",
    brand: "Visa",
    country: "US",
    currency: "usd",
    default_for_currency: true,
    exp_month: 8,
    exp_year: 2031,
    funding: "debit",
    last4: "5556",
    metadata: {},
    available_payout_methods: ["standard", "instant"],
    ...overrides,
  };
}

function payout(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    object: "payout",
    amount: 1_900,
    arrival_date: 1_900_000_000,
    automatic: false,
    currency: "usd",
    destination: "card_1",
    failure_code: null,
    failure_message: null,
    metadata: { reference: "9c1f6c55-8a3e-4c1b-9a55-6f0f3f3e2b10", transferId: "tr_1" },
    method: "instant",
    status: "pending",
    ...overrides,
  };
}

const transfer = (id: string, amountReversed = 0) => ({
  id,
  object: "transfer",
  amount: 1_900,
  amount_reversed: amountReversed,
  currency: "usd",
  destination: "acct_1",
  metadata: {},
  reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("the Stripe adapter's payout cards (external accounts of the connected account)", () => {
  it("attaches a debit card token to the player's account, as the default when asked", async () => {
    emulator.replyOnce("POST", "/v1/accounts/acct_1/external_accounts", {
      status: 200,
      body: externalCard("card_1"),
    });
    const card = await gateway.createExternalAccount({
      accountId: "acct_1",
      token: "tok_visa_debit",
      isDefault: true,
    });
    expect(card).toEqual({
      id: "card_1",
      accountId: "acct_1",
      brand: "visa",
      last4: "5556",
      expMonth: 8,
      expYear: 2031,
      funding: "debit",
      isDefault: true,
      availablePayoutMethods: ["standard", "instant"],
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/accounts/acct_1/external_accounts",
        body: { external_account: "tok_visa_debit", default_for_currency: "true" },
        stripeAccount: null,
      },
    ]);
  });

  it("takes a credit card off again and says payouts need a debit card", async () => {
    emulator.replyOnce("POST", "/v1/accounts/acct_1/external_accounts", {
      status: 200,
      body: externalCard("card_2", {
        funding: "credit",
        default_for_currency: false,
        brand: "American Express",
      }),
    });
    emulator.replyOnce("DELETE", "/v1/accounts/acct_1/external_accounts/card_2", {
      status: 200,
      body: { id: "card_2", object: "card", deleted: true },
    });
    const error = await caught(gateway.createExternalAccount({ accountId: "acct_1", token: "tok_amex" }));
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      code: "invalid_card_type",
      message:
        "Payouts can only go to a debit card. This card is a credit or prepaid card: add a debit card instead.",
    });
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/accounts/acct_1/external_accounts",
      "DELETE /v1/accounts/acct_1/external_accounts/card_2",
    ]);
  });

  it("lists only cards, makes one the default, and deletes one", async () => {
    emulator.replyOnce("GET", "/v1/accounts/acct_1/external_accounts?object=card&limit=100", {
      status: 200,
      body: {
        object: "list",
        data: [
          externalCard("card_1"),
          externalCard("card_3", { default_for_currency: false, brand: "MasterCard" }),
        ],
        has_more: false,
        url: "/v1/accounts/acct_1/external_accounts",
      },
    });
    const cards = await gateway.listExternalAccounts("acct_1");
    expect(cards.map((c) => [c.id, c.brand, c.isDefault])).toEqual([
      ["card_1", "visa", true],
      ["card_3", "mastercard", false],
    ]);

    emulator.replyOnce("POST", "/v1/accounts/acct_1/external_accounts/card_3", {
      status: 200,
      body: externalCard("card_3", { brand: "MasterCard" }),
    });
    expect(
      (await gateway.setDefaultExternalAccount({ accountId: "acct_1", externalAccountId: "card_3" }))
        .isDefault,
    ).toBe(true);
    emulator.replyOnce("DELETE", "/v1/accounts/acct_1/external_accounts/card_1", {
      status: 200,
      body: { id: "card_1", object: "card", deleted: true },
    });
    await gateway.deleteExternalAccount({ accountId: "acct_1", externalAccountId: "card_1" });
    expect(sent().slice(1)).toEqual([
      {
        method: "POST",
        path: "/v1/accounts/acct_1/external_accounts/card_3",
        body: { default_for_currency: "true" },
        stripeAccount: null,
      },
      {
        method: "DELETE",
        path: "/v1/accounts/acct_1/external_accounts/card_1",
        body: {},
        stripeAccount: null,
      },
    ]);
  });
});

describe("the Stripe adapter's payouts", () => {
  const input = {
    accountId: "acct_1",
    amountCents: 1_900,
    currency: "usd",
    method: "instant" as const,
    destination: "card_1",
    reference: "9c1f6c55-8a3e-4c1b-9a55-6f0f3f3e2b10",
    idempotencyKey: "payout:9c1f6c55-8a3e-4c1b-9a55-6f0f3f3e2b10",
  };

  it("transfers the money to the account, then pays it out from there, each with its own idempotency key", async () => {
    emulator.replyOnce("POST", "/v1/transfers", { status: 200, body: transfer("tr_1") });
    emulator.replyOnce("POST", "/v1/payouts", { status: 200, body: payout("po_1") });
    const result = await gateway.createPayout(input);
    expect(result).toEqual({
      id: "po_1",
      accountId: "acct_1",
      amountCents: 1_900,
      currency: "usd",
      method: "instant",
      status: "pending",
      destination: "card_1",
      arrivalAt: new Date(1_900_000_000_000),
      failureMessage: null,
      reference: input.reference,
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/transfers",
        body: {
          amount: "1900",
          currency: "usd",
          destination: "acct_1",
          transfer_group: input.reference,
          "metadata[reference]": input.reference,
        },
        stripeAccount: null,
      },
      {
        method: "POST",
        path: "/v1/payouts",
        body: {
          amount: "1900",
          currency: "usd",
          method: "instant",
          destination: "card_1",
          "metadata[reference]": input.reference,
          "metadata[transferId]": "tr_1",
        },
        stripeAccount: "acct_1",
      },
    ]);
    expect(emulator.requests.map((r) => r.idempotencyKey)).toEqual([
      `${input.idempotencyKey}:transfer`,
      input.idempotencyKey,
    ]);
  });

  it("reverses the transfer when Stripe refuses the payout outright, then reports the refusal", async () => {
    emulator.replyOnce("POST", "/v1/transfers", { status: 200, body: transfer("tr_1") });
    emulator.replyOnce(
      "POST",
      "/v1/payouts",
      stripeError(400, {
        type: "invalid_request_error",
        code: "instant_payouts_unsupported",
        message: "This card is not eligible for Instant Payouts.",
      }),
    );
    emulator.replyOnce("GET", "/v1/transfers/tr_1", { status: 200, body: transfer("tr_1") });
    emulator.replyOnce("POST", "/v1/transfers/tr_1/reversals", {
      status: 200,
      body: { id: "trr_1", object: "transfer_reversal", amount: 1_900, transfer: "tr_1" },
    });
    const error = await caught(gateway.createPayout(input));
    expect(error).toMatchObject({ code: "instant_payouts_unsupported", statusCode: 400 });
    expect(sent().slice(2)).toEqual([
      { method: "GET", path: "/v1/transfers/tr_1", body: {}, stripeAccount: null },
      {
        method: "POST",
        path: "/v1/transfers/tr_1/reversals",
        body: { amount: "1900", "metadata[reference]": input.reference },
        stripeAccount: null,
      },
    ]);
  });

  it("leaves the transfer alone when Stripe cannot be reached, so a retry with the same keys finishes the job", async () => {
    emulator.replyOnce("POST", "/v1/transfers", { status: 200, body: transfer("tr_1") });
    emulator.replyOnce("POST", "/v1/payouts", stripeError(500, { type: "api_error", message: "Boom" }));
    const error = await caught(gateway.createPayout(input));
    expect(error).toMatchObject({ code: "processor_unavailable", statusCode: 503 });
    expect(sent()).toHaveLength(2);
  });

  it("reads a payout on the player's account, and reclaims a failed one's money from it", async () => {
    emulator.replyOnce("GET", "/v1/payouts/po_1", {
      status: 200,
      body: payout("po_1", { status: "failed", failure_message: "The card was declined." }),
    });
    const failed = await gateway.retrievePayout({ accountId: "acct_1", payoutId: "po_1" });
    expect(failed).toMatchObject({ status: "failed", failureMessage: "The card was declined." });
    expect(sent()[0]).toMatchObject({ path: "/v1/payouts/po_1", stripeAccount: "acct_1" });

    emulator.reset();
    emulator.replyOnce("GET", "/v1/payouts/po_1", {
      status: 200,
      body: payout("po_1", { status: "failed" }),
    });
    emulator.replyOnce("GET", "/v1/transfers/tr_1", { status: 200, body: transfer("tr_1") });
    emulator.replyOnce("POST", "/v1/transfers/tr_1/reversals", {
      status: 200,
      body: { id: "trr_1", object: "transfer_reversal", amount: 1_900, transfer: "tr_1" },
    });
    await gateway.reclaimFailedPayout({ accountId: "acct_1", payoutId: "po_1" });
    expect(emulator.requests.at(-1)?.idempotencyKey).toBe("reverse:tr_1");

    // Reclaimed already: nothing more to reverse.
    emulator.reset();
    emulator.replyOnce("GET", "/v1/payouts/po_1", {
      status: 200,
      body: payout("po_1", { status: "failed" }),
    });
    emulator.replyOnce("GET", "/v1/transfers/tr_1", { status: 200, body: transfer("tr_1", 1_900) });
    await gateway.reclaimFailedPayout({ accountId: "acct_1", payoutId: "po_1" });
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/payouts/po_1",
      "GET /v1/transfers/tr_1",
    ]);
  });

  it("maps in_transit to pending, and canceled to failed", async () => {
    emulator.replyOnce("GET", "/v1/payouts/po_2", {
      status: 200,
      body: payout("po_2", { status: "in_transit" }),
    });
    expect((await gateway.retrievePayout({ accountId: "acct_1", payoutId: "po_2" })).status).toBe("pending");
    emulator.replyOnce("GET", "/v1/payouts/po_2", {
      status: 200,
      body: payout("po_2", { status: "canceled" }),
    });
    expect(await gateway.retrievePayout({ accountId: "acct_1", payoutId: "po_2" })).toMatchObject({
      status: "failed",
      failureMessage: "The payout was canceled.",
    });
  });
});

describe("the Stripe adapter's card credits (a deleted account's refund)", () => {
  const charge = (id: string, captured: number, refunded = 0) => ({
    id,
    object: "charge",
    amount: captured,
    amount_captured: captured,
    amount_refunded: refunded,
    currency: "usd",
  });
  const intent = (id: string, paymentMethod: string, created: number, latestCharge: unknown) => ({
    id,
    object: "payment_intent",
    amount: 5_000,
    created,
    currency: "usd",
    customer: "cus_1",
    payment_method: paymentMethod,
    status: "succeeded",
    latest_charge: latestCharge,
    metadata: {},
  });
  const intentsPath = "/v1/payment_intents?customer=cus_1&limit=100&expand[0]=data.latest_charge";

  it("refunds the customer's charges, those on the card first and newest first, until the amount is covered", async () => {
    emulator.replyOnce("GET", intentsPath, {
      status: 200,
      body: {
        object: "list",
        has_more: false,
        data: [
          intent("pi_other", "pm_other", 300, charge("ch_o", 5_000)),
          intent("pi_old", "pm_1", 100, charge("ch_a", 1_000)),
          intent("pi_new", "pm_1", 200, charge("ch_b", 1_500, 500)),
        ],
      },
    });
    emulator.replyOnce("GET", "/v1/refunds?payment_intent=pi_new&limit=100", {
      status: 200,
      body: { object: "list", has_more: false, data: [] },
    });
    for (const [pi, amount] of [
      ["pi_new", 1_000],
      ["pi_old", 1_000],
      ["pi_other", 500],
    ] as const) {
      emulator.replyOnce("POST", "/v1/refunds", {
        status: 200,
        body: {
          id: `re_${pi}`,
          object: "refund",
          amount,
          payment_intent: pi,
          status: "succeeded",
          metadata: {},
        },
      });
    }
    const credit = await gateway.creditCard({
      customerId: "cus_1",
      paymentMethodId: "pm_1",
      amountCents: 2_500,
      currency: "usd",
      reference: "ref_1",
      idempotencyKey: "account-refund:ref_1",
    });
    expect(credit).toEqual({ id: "re_pi_new" });
    const refunds = emulator.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds.map((r) => [r.body.payment_intent, r.body.amount, r.idempotencyKey])).toEqual([
      ["pi_new", "1000", "account-refund:ref_1:pi_new"],
      ["pi_old", "1000", "account-refund:ref_1:pi_old"],
      ["pi_other", "500", "account-refund:ref_1:pi_other"],
    ]);
  });

  it("refuses, before refunding anything, when the charges cannot cover the amount", async () => {
    emulator.replyOnce("GET", intentsPath, {
      status: 200,
      body: { object: "list", has_more: false, data: [intent("pi_1", "pm_1", 100, charge("ch_1", 1_000))] },
    });
    const error = await caught(
      gateway.creditCard({
        customerId: "cus_1",
        paymentMethodId: "pm_1",
        amountCents: 2_500,
        currency: "usd",
        reference: "ref_2",
        idempotencyKey: "account-refund:ref_2",
      }),
    );
    expect(error).toMatchObject({ code: "refund_exceeds_charges", statusCode: 400 });
    expect(emulator.requests.filter((r) => r.path === "/v1/refunds")).toEqual([]);
  });
});
