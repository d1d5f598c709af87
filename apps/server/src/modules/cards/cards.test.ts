import { errors } from "@mx/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard, TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const list = async (token: string) =>
  (await t.call("GET", "/api/v1/users/get/payment/method", { token })).json().data.cardList as {
    paymentMethodId: string;
    cardScheme: string;
    last4: string;
    isDefault: boolean;
    expiryMonth: number;
    maskedCard: string;
  }[];

describe("GET /api/v1/config", () => {
  it("names the sandbox, with no publishable key, the sandbox's PayPal beside it, and the support address", async () => {
    expect((await t.call("GET", "/api/v1/config")).json().data).toEqual({
      paymentProvider: "sandbox",
      paypal: { kind: "sandbox", clientId: null },
      supportEmail: t.app.deps.config.supportEmail,
    });
    expect(t.app.deps.config.supportEmail).toMatch(/^support@/);
  });
});

describe("cards", () => {
  it("adds the 4242 card in the server's form, as the only and default card", async () => {
    const player = await signUp(t);
    expect(await list(player.token)).toEqual([]);
    const tok = await tokenise(t, TEST_CARDS.visa);
    expect(tok.statusCode).toBe(200);
    const res = await t.call("POST", "/api/v1/users/create/payment/method", {
      token: player.token,
      body: { token: tok.json().data.id, last4: "4242", brand: "visa", isDefault: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.card).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_/),
      cardScheme: "visa",
      maskedCard: "•••• •••• •••• 4242",
      last4: "4242",
      expiryMonth: 4,
      expiryYear: new Date().getUTCFullYear() + 1,
      nameOnCard: "Test Player",
      isDefault: true,
    });
  });

  it("keeps exactly one default as cards are added, switched and deleted", async () => {
    const player = await signUp(t);
    const first = await addCard(t, player.token, TEST_CARDS.visa);
    const second = await addCard(t, player.token, TEST_CARDS.mastercard);
    let cards = await list(player.token);
    expect(cards.filter((c) => c.isDefault).map((c) => c.paymentMethodId)).toEqual([second]);
    const set = await t.call("POST", "/api/v1/users/set/payment/method/default", {
      token: player.token,
      body: { paymentMethodId: first },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.cardList[0]).toMatchObject({ paymentMethodId: first, isDefault: true });
    const removed = await t.call("DELETE", `/api/v1/users/delete/payment/method/${first}`, {
      token: player.token,
    });
    expect(removed.statusCode).toBe(200);
    cards = await list(player.token);
    expect(cards).toEqual([
      expect.objectContaining({ paymentMethodId: second, isDefault: true, cardScheme: "mastercard" }),
    ]);
  });

  it("sets the default atomically when asked many times at once", async () => {
    const player = await signUp(t);
    const ids = [
      await addCard(t, player.token),
      await addCard(t, player.token),
      await addCard(t, player.token),
    ];
    await Promise.all(
      ids.flatMap((paymentMethodId) =>
        [1, 2].map(() =>
          t.call("POST", "/api/v1/users/set/payment/method/default", {
            token: player.token,
            body: { paymentMethodId },
          }),
        ),
      ),
    );
    expect((await list(player.token)).filter((c) => c.isDefault)).toHaveLength(1);
  });

  it("should fail with 402 in Stripe's words for a declined card, and add nothing", async () => {
    const player = await signUp(t);
    const tok = await tokenise(t, TEST_CARDS.declined);
    const res = await t.call("POST", "/api/v1/users/create/payment/method", {
      token: player.token,
      body: { token: tok.json().data.id },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: "Your card was declined.", code: "CARD_ERROR" });
    expect(await list(player.token)).toEqual([]);
  });

  it("should fail with 402 from the tokeniser for a number that fails the checksum", async () => {
    const res = await tokenise(t, "4242 4242 4242 4241");
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("Your card number is incorrect.");
  });

  it("should fail for a token used twice, or one that never existed", async () => {
    const player = await signUp(t);
    const tok = (await tokenise(t, TEST_CARDS.visa)).json().data.id;
    const add = (token: string) =>
      t.call("POST", "/api/v1/users/create/payment/method", { token: player.token, body: { token } });
    expect((await add(tok)).statusCode).toBe(201);
    const again = await add(tok);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain("more than once");
    expect((await add("tok_made_up")).statusCode).toBe(404);
    expect(await list(player.token)).toHaveLength(1);
  });

  it("should fail with 404 for another player's card, and leave it alone", async () => {
    const owner = await signUp(t);
    const thief = await signUp(t);
    const card = await addCard(t, owner.token);
    expect(
      (await t.call("DELETE", `/api/v1/users/delete/payment/method/${card}`, { token: thief.token }))
        .statusCode,
    ).toBe(404);
    const steal = await t.call("POST", "/api/v1/users/set/payment/method/default", {
      token: thief.token,
      body: { paymentMethodId: card },
    });
    expect(steal.statusCode).toBe(404);
    expect(await list(owner.token)).toHaveLength(1);
    expect(await list(thief.token)).toEqual([]);
  });

  it.each([
    [{}, "token: is required"],
    [{ token: "" }, "token: is required"],
    [{ token: "tok_x", last4: "42" }, "last4: must be 4 digits"],
    [{ token: "tok_x", number: "4242424242424242" }, 'unknown field "number"'],
  ])("should fail with 400 for %j", async (body, message) => {
    const player = await signUp(t);
    const res = await t.call("POST", "/api/v1/users/create/payment/method", { token: player.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("should fail with 401 without a token", async () => {
    expect((await t.call("GET", "/api/v1/users/get/payment/method")).statusCode).toBe(401);
  });
});

describe("POST /api/v1/users/payment/intent/token", () => {
  const intent = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    t.call("POST", "/api/v1/users/payment/intent/token", { token, body, headers });

  it("creates an intent on the default card and answers statusCode 200 with the client secret", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    const res = await intent(player.token, { amount: 100_000, currency: "usd", propertyId: "way/3" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      data: {
        clientSecret: expect.stringMatching(/^pi_.+_secret_/),
        paymentIntentId: expect.stringMatching(/^pi_/),
        currency: "usd",
      },
    });
  });

  it("holds funds (manual capture) for a bid on a building for sale", async () => {
    const seller = await signUp(t);
    const bidder = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/2", seller.userId, 10_000, { forSale: true });
    await addCard(t, bidder.token);
    const tooLow = await intent(bidder.token, { amount: 10_000 + 899, propertyId: "way/2" });
    expect(tooLow.statusCode).toBe(400);
    const res = await intent(bidder.token, { amount: 10_100 + 899, propertyId: "way/2" });
    expect(res.statusCode).toBe(200);
    const pi = await t.app.deps.gateway.retrievePaymentIntent(res.json().data.paymentIntentId);
    expect(pi.captureMethod).toBe("manual");
  });

  it("returns the same intent for a repeated Idempotency-Key, and refuses the key with another body", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    const body = { amount: 200_000, currency: "usd", propertyId: "way/3" };
    const first = await intent(player.token, body, { "idempotency-key": "abc-123" });
    const second = await intent(player.token, body, { "idempotency-key": "abc-123" });
    expect(second.json()).toEqual(first.json());
    expect(second.headers["idempotent-replayed"]).toBe("true");
    const other = await intent(player.token, { ...body, amount: 300_000 }, { "idempotency-key": "abc-123" });
    expect(other.statusCode).toBe(422);
    // A key is the caller's own: another player using the same key gets an answer of their own.
    const stranger = await signUp(t);
    await addCard(t, stranger.token);
    const theirs = await intent(stranger.token, body, { "idempotency-key": "abc-123" });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.paymentIntentId).not.toBe(first.json().data.paymentIntentId);
  });

  it.each([
    [{ amount: 0, propertyId: "way/3" }, "amount: must be greater than 0"],
    [{ amount: -5, propertyId: "way/3" }, "amount: must be greater than 0"],
    [{ amount: 10.5, propertyId: "way/3" }, "amount: must be a whole number of cents"],
    [{ amount: 1000, currency: "eur", propertyId: "way/3" }, 'currency: must be "usd"'],
    [{ amount: 1000 }, "propertyId: is required"],
  ])("should fail with 400 for %j", async (body, message) => {
    const player = await signUp(t);
    const res = await intent(player.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("asks for a card first, and refuses unknown or unavailable buildings", async () => {
    const player = await signUp(t);
    const none = await intent(player.token, { amount: 100_000, propertyId: "way/3" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(errors.addCardFirst);
    await addCard(t, player.token);
    expect((await intent(player.token, { amount: 100_000, propertyId: "way/999" })).statusCode).toBe(404);
    const owner = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/1", owner.userId, 10_000);
    const taken = await intent(player.token, { amount: 100_000, propertyId: "way/1" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("This building is not for sale.");
  });
});
