import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { addPayoutCard, connectedPlayer, MASTERCARD_DEBIT } from "../../test/payouts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (token: string) => t.call("GET", "/api/v1/users/externalAccountList", { token });

describe("payout cards", () => {
  it("needs a connected payout account for every call", async () => {
    const player = await signUp(t);
    const tok = await tokenise(t, TEST_CARDS.visaDebit);
    const calls = [
      list(player.token),
      t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
        token: player.token,
        body: { externalAccount: tok.json().data.id },
      }),
      t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
        token: player.token,
        body: { AccountId: "card_1", defaultCard: true },
      }),
      t.call("DELETE", "/api/v1/users/deleteSubaccount/card_1", { token: player.token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "ONBOARDING_REQUIRED",
        message: "Stripe account not connected.",
      });
    }
    expect((await t.call("GET", "/api/v1/users/externalAccountList")).statusCode).toBe(401);
  });

  it("adds a debit card, which becomes the default, and lists it in the spec's shape", async () => {
    const player = await connectedPlayer(t);
    expect((await list(player.token)).json().data).toEqual({ response: [] });
    const added = await addPayoutCard(t, player.token);
    expect(added.statusCode).toBe(201);
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: player.token })).json().data;
    const card = {
      id: expect.stringMatching(/^card_/),
      account: profile.stripeConnAccId,
      brand: "visa",
      last4: "5556",
      expMonth: 4,
      expYear: new Date().getUTCFullYear() + 1,
      funding: "debit",
      isDefault: true,
      instantAvailable: true,
    };
    expect(added.json()).toMatchObject({ message: "Payout card added.", data: { data: card } });
    expect((await list(player.token)).json().data.response).toEqual([card]);
  });

  it("takes the token as tokenId too, and refuses an accountId that is not the player's", async () => {
    const player = await connectedPlayer(t);
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: player.token })).json().data;
    const tok = await tokenise(t, TEST_CARDS.visaDebit);
    const other = await t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
      token: player.token,
      body: { accountId: "acct_someone_else", tokenId: tok.json().data.id },
    });
    expect(other.statusCode).toBe(403);
    const own = await t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
      token: player.token,
      body: { accountId: profile.stripeConnAccId, tokenId: tok.json().data.id },
    });
    expect(own.statusCode).toBe(201);
    const missing = await t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
      token: player.token,
      body: { accountId: profile.stripeConnAccId },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("externalAccount: is required");
    const unknown = await t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
      token: player.token,
      body: { externalAccount: "tok_nope" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses credit and prepaid cards with a clear message, and declined cards with the processor's", async () => {
    const player = await connectedPlayer(t);
    for (const number of [TEST_CARDS.visa, TEST_CARDS.mastercard, "5105 1051 0510 5100"]) {
      const res = await addPayoutCard(t, player.token, number);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        "Payouts can only go to a debit card. This card is a credit or prepaid card: add a debit card instead.",
      );
    }
    const declined = await addPayoutCard(t, player.token, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe("Your card was declined.");
    expect((await list(player.token)).json().data.response).toEqual([]);
  });

  it("sets exactly one default, and deleting the default hands it to another card", async () => {
    const player = await connectedPlayer(t);
    const first = (await addPayoutCard(t, player.token)).json().data.data;
    const second = (await addPayoutCard(t, player.token, MASTERCARD_DEBIT)).json().data.data;
    expect(second).toMatchObject({ brand: "mastercard", last4: "8210", isDefault: false });

    const set = await t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
      token: player.token,
      body: { AccountId: second.id, defaultCard: true },
    });
    expect(set.statusCode).toBe(200);
    expect(
      set.json().data.response.map((c: { id: string; isDefault: boolean }) => [c.id, c.isDefault]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const removed = await t.call("DELETE", `/api/v1/users/deleteSubaccount/${second.id}`, {
      token: player.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ message: "Payout card removed." });
    expect((await list(player.token)).json().data.response).toEqual([{ ...first, isDefault: true }]);
    // The last card can go too.
    expect(
      (await t.call("DELETE", `/api/v1/users/deleteSubaccount/${first.id}`, { token: player.token }))
        .statusCode,
    ).toBe(200);
    expect((await list(player.token)).json().data.response).toEqual([]);
  });

  it("answers another player's card exactly like one that does not exist", async () => {
    const owner = await connectedPlayer(t);
    const other = await connectedPlayer(t);
    const card = (await addPayoutCard(t, owner.token)).json().data.data;
    const set = await t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
      token: other.token,
      body: { AccountId: card.id, defaultCard: true },
    });
    expect(set.statusCode).toBe(404);
    expect(set.json().message).toBe("No such payout card.");
    const del = await t.call("DELETE", `/api/v1/users/deleteSubaccount/${card.id}`, { token: other.token });
    expect(del.statusCode).toBe(404);
    expect((await list(owner.token)).json().data.response).toHaveLength(1);
    const bad = await t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
      token: other.token,
      body: { AccountId: card.id, defaultCard: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("defaultCard: must be true");
  });
});
