import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeEmulator, startStripeEmulator } from "../../test/stripe-emulator";
import type { PaymentGateway } from "./gateway";
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

describe("the Stripe adapter's payout accounts (Connect Express)", () => {
  it("creates an Express-style account (controller properties, not the deprecated type) able to receive transfers", async () => {
    emulator.replyOnce("POST", "/v1/accounts", { status: 200, body: { id: "acct_1", object: "account" } });
    expect(await gateway.createConnectedAccount({ email: "a@b.co", userId: "u1" })).toEqual({ id: "acct_1" });
    expect(sent()).toEqual([
      {
        method: "POST",
        path: "/v1/accounts",
        body: {
          "controller[stripe_dashboard][type]": "express",
          "controller[fees][payer]": "application",
          "controller[losses][payments]": "application",
          "controller[requirement_collection]": "stripe",
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

  it("reads whether the account may receive payouts", async () => {
    emulator.replyOnce("GET", "/v1/accounts/acct_1", {
      status: 200,
      body: { id: "acct_1", object: "account", details_submitted: true, payouts_enabled: false },
    });
    expect(await gateway.retrieveAccount("acct_1")).toEqual({
      id: "acct_1",
      detailsSubmitted: true,
      payoutsEnabled: false,
    });
  });
});
