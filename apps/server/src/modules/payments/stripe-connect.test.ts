import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import {
  connectedAccount,
  EXTERNAL_ACCOUNT_REFUSAL,
  type StripeEmulator,
  startStripeEmulator,
} from "@mx/sandbox/http/stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStripeGateway } from "./stripe-gateway";

let emulator: StripeEmulator;
let gateway: PaymentGateway;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({
    secretKey: "sk_test_connect",
    publishableKey: "pk_test_connect",
    apiBase: emulator.url,
  });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const sent = () => emulator.requests.map(({ method, path, body }) => ({ method, path, body }));

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("the Stripe adapter's payout accounts (accounts the platform manages)", () => {
  it("creates an account whose requirements the platform collects, with no Stripe dashboard, the platform paying fees and bearing losses, able to receive transfers", async () => {
    emulator.replyOnce("POST", "/v1/accounts", {
      status: 200,
      body: connectedAccount("acct_1", "application"),
    });
    expect(await gateway.createConnectedAccount({ email: "a@b.co", userId: "u1" })).toEqual({
      id: "acct_1",
      requirementCollection: "application",
    });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/accounts",
        body: {
          "controller[requirement_collection]": "application",
          "controller[stripe_dashboard][type]": "none",
          "controller[fees][payer]": "application",
          "controller[losses][payments]": "application",
          email: "a@b.co",
          "metadata[userId]": "u1",
          "capabilities[transfers][requested]": "true",
          "settings[payouts][schedule][interval]": "manual",
        },
      },
    ]);
  });

  it("asks for an onboarding link with our return and refresh addresses", async () => {
    emulator.replyOnce("POST", "/v1/account_links", {
      status: 200,
      body: { object: "account_link", url: "https://connect.stripe.com/setup/e/acct_1/abc", expires_at: 1 },
    });
    const link = await gateway.createAccountLink({
      accountId: "acct_1",
      returnUrl: "https://game.example/api/v1/stripe/webhooks/return?userId=u1",
      refreshUrl: "https://game.example/api/v1/stripe/webhooks/reauth?userId=u1",
    });
    expect(link.url).toBe("https://connect.stripe.com/setup/e/acct_1/abc");
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/account_links",
        body: {
          account: "acct_1",
          return_url: "https://game.example/api/v1/stripe/webhooks/return?userId=u1",
          refresh_url: "https://game.example/api/v1/stripe/webhooks/reauth?userId=u1",
          type: "account_onboarding",
        },
      },
    ]);
  });

  it("reads whether the account may receive payouts, who collects its requirements and what Stripe still needs", async () => {
    emulator.replyOnce("GET", "/v1/accounts/acct_1", {
      status: 200,
      body: {
        ...connectedAccount("acct_1", "application"),
        details_submitted: true,
        payouts_enabled: false,
        requirements: {
          currently_due: ["individual.verification.document", "individual.id_number"],
          past_due: ["individual.id_number"],
          eventually_due: [],
          disabled_reason: "requirements.past_due",
        },
      },
    });
    expect(await gateway.retrieveAccount("acct_1")).toEqual({
      id: "acct_1",
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementCollection: "application",
      requirementsDue: ["individual.id_number", "individual.verification.document"],
    });
  });

  it("is refused, in Stripe's words, any change to the payout cards of an account whose requirements Stripe collects", async () => {
    await emulator.addAccount({
      id: "acct_old",
      collection: "stripe",
      details_submitted: true,
      requirements: { currently_due: [], past_due: [] },
    });
    expect(await emulator.account("acct_old")).toMatchObject({ payouts_enabled: true });
    for (const attempt of [
      () => gateway.createExternalAccount({ accountId: "acct_old", token: "tok_visa_debit" }),
      () => gateway.setDefaultExternalAccount({ accountId: "acct_old", externalAccountId: "card_x" }),
      () => gateway.deleteExternalAccount({ accountId: "acct_old", externalAccountId: "card_x" }),
    ]) {
      // One at a time: each refusal is awaited as it comes.
      const error = await caught(attempt());
      expect(error).toBeInstanceOf(GatewayRequestError);
      expect(error).toMatchObject({ message: EXTERNAL_ACCOUNT_REFUSAL.message, statusCode: 400 });
    }
    // Seeing them is allowed.
    expect(await gateway.listExternalAccounts("acct_old")).toEqual([]);
  });
});

describe("the whole payout path on the emulator", () => {
  it("onboarding, a requirement due later, a debit card added and made default, an instant payout to it, a credit card refused", async () => {
    const { id, requirementCollection } = await gateway.createConnectedAccount({
      email: "seller@example.com",
      userId: "u1",
    });
    expect(requirementCollection).toBe("application");
    const link = await gateway.createAccountLink({
      accountId: id,
      returnUrl: "https://game.example/return",
      refreshUrl: "https://game.example/reauth",
    });
    expect(link.url).toContain(id);
    expect(await gateway.retrieveAccount(id)).toMatchObject({
      detailsSubmitted: false,
      payoutsEnabled: false,
    });

    // The player finishes Stripe's hosted onboarding.
    await emulator.updateAccount(id, {
      details_submitted: true,
      requirements: { currently_due: [], past_due: [] },
    });
    expect(await emulator.account(id)).toMatchObject({
      payouts_enabled: true,
      requirements: { eventually_due: [], disabled_reason: null },
    });
    expect(await gateway.retrieveAccount(id)).toMatchObject({
      payoutsEnabled: true,
      requirementsDue: [],
    });
    // Later Stripe asks for an identity document, not yet holding payouts.
    await emulator.updateAccount(id, {
      requirements: { currently_due: ["individual.verification.document"], past_due: [] },
    });
    expect(await emulator.account(id)).toMatchObject({
      requirements: { eventually_due: ["individual.verification.document"], disabled_reason: null },
    });
    expect(await gateway.retrieveAccount(id)).toMatchObject({
      payoutsEnabled: true,
      requirementsDue: ["individual.verification.document"],
    });

    const visa = await gateway.createExternalAccount({ accountId: id, token: "tok_visa_debit" });
    expect(visa).toMatchObject({
      funding: "debit",
      isDefault: true,
      availablePayoutMethods: ["standard", "instant"],
    });
    const discover = await gateway.createExternalAccount({ accountId: id, token: "tok_discover_debit" });
    expect(discover).toMatchObject({ isDefault: false, availablePayoutMethods: ["standard"] });
    const mastercard = await gateway.createExternalAccount({ accountId: id, token: "tok_mastercard_debit" });
    expect(
      await gateway.setDefaultExternalAccount({ accountId: id, externalAccountId: mastercard.id }),
    ).toMatchObject({
      isDefault: true,
    });
    const cards = await gateway.listExternalAccounts(id);
    expect(cards.filter((c) => c.isDefault).map((c) => c.id)).toEqual([mastercard.id]);

    const payout = await gateway.createPayout({
      accountId: id,
      amountCents: 1_900,
      currency: "usd",
      method: "instant",
      destination: mastercard.id,
      reference: "ref-1",
      idempotencyKey: "payout:ref-1",
    });
    expect(payout).toMatchObject({ method: "instant", status: "paid", destination: mastercard.id });
    expect(emulator.requests.filter((r) => r.path === "/v1/payouts").map((r) => r.stripeAccount)).toEqual([
      id,
    ]);

    // Stripe refuses an instant payout to a card that takes standard payouts only.
    const refused = await caught(
      gateway.createPayout({
        accountId: id,
        amountCents: 500,
        currency: "usd",
        method: "instant",
        destination: discover.id,
        reference: "ref-2",
        idempotencyKey: "payout:ref-2",
      }),
    );
    expect(refused).toMatchObject({ code: "instant_payouts_unsupported", statusCode: 400 });

    const credit = await caught(gateway.createExternalAccount({ accountId: id, token: "tok_visa" }));
    expect(credit).toBeInstanceOf(GatewayRequestError);
    expect((await gateway.listExternalAccounts(id)).map((c) => c.last4).sort()).toEqual([
      "1113",
      "5556",
      "8210",
    ]);
  });
});
