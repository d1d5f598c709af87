import { STRIPE_COLLECTED_ACCOUNT_REFUSAL } from "@mx/sandbox/payouts";
import { sandboxAccounts } from "@mx/sandbox/schema";
import { errors, payoutAccountTexts, serverMessages } from "@mx/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { addPayoutCard, creditEarnings, earningsOf, MASTERCARD_DEBIT, onboard } from "../../test/payouts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const status = async (token: string) =>
  (await t.call("GET", "/api/v1/users/stripe/payout-account", { token })).json().data;
const cards = async (token: string) =>
  (await t.call("GET", "/api/v1/users/externalAccountList", { token })).json().data.response as {
    id: string;
    last4: string;
    isDefault: boolean;
    instantAvailable: boolean;
  }[];
const accountOf = async (userId: string) => {
  const [row] = await db()
    .select({ id: users.stripeConnAccId, collection: users.stripeAccountCollection })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};
/** Stands in for Stripe asking more of the account later, as its `account.updated` would tell us. */
const requireMore = (account: string, due: { currently_due?: string[]; past_due?: string[] }) =>
  t.call("POST", "/sandbox/accounts/requirements", { body: { account, ...due } });

describe("the whole payout path on the sandbox", () => {
  it("onboarding, a requirement due after it (shown to the player), a debit card added and made default, an instant payout to it, a credit card refused", async () => {
    const player = await signUp(t);
    expect(await status(player.token)).toMatchObject({ status: "not_connected", payoutsEnabled: false });

    await onboard(t, player.token);
    const { id: accountId, collection } = (await accountOf(player.userId)) ?? {};
    expect(collection).toBe("application");
    expect(await status(player.token)).toEqual({
      status: "connected",
      payoutsEnabled: true,
      requirementsDue: [],
      needs: [],
      message: null,
    });

    // Stripe needs an identity document after onboarding: payouts still go out, and the player is told.
    expect(
      (await requireMore(accountId ?? "", { currently_due: ["individual.verification.document"] }))
        .statusCode,
    ).toBe(200);
    expect(await status(player.token)).toEqual({
      status: "action_required",
      payoutsEnabled: true,
      requirementsDue: ["individual.verification.document"],
      needs: ["a photo ID"],
      message: payoutAccountTexts.actionRequired(["a photo ID"]),
    });
    // The link back to onboarding.
    const onboarding = (
      await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token })
    ).json().data;
    expect(onboarding).toMatchObject({
      isStripeIntegrated: true,
      requirementsDue: ["individual.verification.document"],
      redirectLink: expect.stringContaining(`/sandbox/onboarding?account=${accountId}`),
    });

    // A debit card, then a second one made the default.
    const visa = (await addPayoutCard(t, player.token)).json().data.data;
    expect(visa).toMatchObject({ last4: "5556", isDefault: true, instantAvailable: true });
    const mastercard = (await addPayoutCard(t, player.token, MASTERCARD_DEBIT)).json().data.data;
    expect(mastercard).toMatchObject({ isDefault: false, instantAvailable: true });
    const set = await t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
      token: player.token,
      body: { AccountId: mastercard.id, defaultCard: true },
    });
    expect(set.statusCode).toBe(200);
    expect((await cards(player.token)).filter((c) => c.isDefault).map((c) => c.id)).toEqual([mastercard.id]);

    // An instant payout goes to the default card.
    await creditEarnings(db(), player.userId, 5_000);
    const paid = await t.call("POST", "/api/v1/users/instant-payout-card", {
      token: player.token,
      body: { amount: 2_000 },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payout).toMatchObject({ status: "paid", destination: "MASTERCARD •••• 8210" });
    expect(await earningsOf(db(), player.userId)).toBe(3_000);

    // A credit card is refused as a payout card.
    const credit = await tokenise(t, TEST_CARDS.visa);
    const refused = await t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
      token: player.token,
      body: { externalAccount: credit.json().data.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(serverMessages.payoutCardNotDebit);
    expect((await cards(player.token)).map((c) => c.last4).sort()).toEqual(["5556", "8210"]);

    // Past due, Stripe holds payouts: the player is told what to give, and payouts wait for it.
    await requireMore(accountId ?? "", { past_due: ["individual.verification.document"] });
    const paused = await status(player.token);
    expect(paused).toMatchObject({
      status: "action_required",
      payoutsEnabled: false,
      message: payoutAccountTexts.payoutsPaused(["a photo ID"]),
    });
    const held = await t.call("POST", "/api/v1/users/manual-payout", { token: player.token });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(payoutAccountTexts.payoutsPaused(["a photo ID"]));
    expect(await earningsOf(db(), player.userId)).toBe(3_000);

    // Back through onboarding, the requirement is given and payouts go out again.
    await onboard(t, player.token);
    expect(await status(player.token)).toMatchObject({ status: "connected", payoutsEnabled: true });
    expect((await t.call("POST", "/api/v1/users/manual-payout", { token: player.token })).statusCode).toBe(
      200,
    );
    expect(await earningsOf(db(), player.userId)).toBe(0);
  });

  it("sends instant payouts only to a card whose bank takes them, and says so", async () => {
    const player = await signUp(t);
    await onboard(t, player.token);
    const discover = (await addPayoutCard(t, player.token, "6011 9811 1111 1113")).json().data.data;
    expect(discover).toMatchObject({ isDefault: true, instantAvailable: false });
    await creditEarnings(db(), player.userId, 5_000);
    const res = await t.call("POST", "/api/v1/users/instant-payout-card", {
      token: player.token,
      body: { amount: 2_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.instantPayoutUnavailable("DISCOVER •••• 1113"));
    expect(await earningsOf(db(), player.userId)).toBe(5_000);
  });
});

describe("a payout account made the old way (requirements collected by Stripe)", () => {
  /** A player onboarded before: their account row as the migration leaves it, the sandbox's as Stripe's. */
  async function oldPlayer() {
    const player = await signUp(t);
    await onboard(t, player.token);
    const account = await accountOf(player.userId);
    await db().update(users).set({ stripeAccountCollection: null }).where(eq(users.id, player.userId));
    await db()
      .update(sandboxAccounts)
      .set({ requirementCollection: "stripe" })
      .where(eq(sandboxAccounts.id, account?.id ?? ""));
    return { ...player, oldAccountId: account?.id ?? "" };
  }

  it("is refused payout-card changes by the sandbox, in Stripe's words", async () => {
    const player = await oldPlayer();
    const token = (await tokenise(t, TEST_CARDS.visaDebit)).json().data.id;
    await expect(
      t.app.deps.gateway.createExternalAccount({ accountId: player.oldAccountId, token }),
    ).rejects.toMatchObject({
      code: STRIPE_COLLECTED_ACCOUNT_REFUSAL.code,
      message: STRIPE_COLLECTED_ACCOUNT_REFUSAL.message,
      statusCode: 400,
    });
  });

  it("tells the player to connect again, makes a new account, no longer uses the old one, and keeps the earnings", async () => {
    const player = await oldPlayer();
    await creditEarnings(db(), player.userId, 4_200);

    expect(await status(player.token)).toMatchObject({
      status: "reconnect",
      message: payoutAccountTexts.reconnect,
    });
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: player.token })).json().data;
    expect(profile).toMatchObject({ isStripeIntegrated: false, stripeConnAccId: null });
    const list = await t.call("GET", "/api/v1/users/externalAccountList", { token: player.token });
    expect(list.statusCode).toBe(409);
    expect(list.json().message).toBe(payoutAccountTexts.reconnect);
    const manual = await t.call("POST", "/api/v1/users/manual-payout", { token: player.token });
    expect(manual.json().message).toBe(payoutAccountTexts.reconnect);
    expect(
      (
        await t.call("POST", "/api/v1/users/instant-payout-card", {
          token: player.token,
          body: { amount: 2_000 },
        })
      ).json().message,
    ).toBe(errors.noDefaultPayoutCard);

    const start = await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token });
    expect(start.json()).toMatchObject({
      message: payoutAccountTexts.reconnect,
      data: { isStripeIntegrated: false, reconnect: true },
    });
    const fresh = await accountOf(player.userId);
    expect(fresh?.id).not.toBe(player.oldAccountId);
    expect(fresh?.collection).toBe("application");
    expect(start.json().data.redirectLink).toContain(`account=${fresh?.id}`);

    await onboard(t, player.token);
    expect(await status(player.token)).toMatchObject({ status: "connected" });
    const card = await addPayoutCard(t, player.token);
    expect(card.statusCode).toBe(201);
    expect(card.json().data.data.account).toBe(fresh?.id);
    expect(await earningsOf(db(), player.userId)).toBe(4_200);
    const paid = await t.call("POST", "/api/v1/users/instant-payout-card", {
      token: player.token,
      body: { amount: 4_200 },
    });
    expect(paid.statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(0);
  });
});
