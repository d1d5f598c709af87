import { createHash, createHmac } from "node:crypto";
import { signGeneric, sortedQuery } from "@mx/processors/offer-wall";
import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import { buildings } from "../../db/schema/buildings";
import { activities } from "../../db/schema/live";
import { offerPostbacks } from "../../db/schema/offerwall";
import { purchases } from "../../db/schema/purchases";
import { collection, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditsOfPlayer, giveCredits, sandboxPostbackUrl, sandboxSecret } from "../../test/offerwall";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { accounts, balanceOf } from "../ledger/ledger";
import { offerwallPlayers } from "./handle-postback";
import { signedPlayerId } from "./providers";

const AYET_KEY = "ayet-publisher-api-key";
const IRONSOURCE_KEY = "ironsource-private-key";
const GENERIC_KEY = "generic-hmac-secret-0123456789";

let t: TestApp;
let base: Record<string, number>;
let failNext = false;

beforeAll(async () => {
  const defaults = testConfig().offerwall;
  t = await createTestApp(
    {
      offerwall: {
        ...defaults,
        secrets: { ayet: AYET_KEY, ironsource: IRONSOURCE_KEY, generic: GENERIC_KEY },
        genericParams: {
          user: "uid",
          amount: "points",
          transaction: "tx",
          signature: "sig",
          reversal: "chargeback",
        },
        dailyCapCents: 20_000,
      },
    },
    {
      faults: {
        beforeOwnership: () => {
          if (failNext) {
            failNext = false;
            throw new Error("injected failure after the charge");
          }
        },
      },
    },
  );
  await importSampleCity(t.app.deps.db);
  const rows = await t.app.deps.db
    .select({ id: buildings.id, base: buildings.basePriceCents })
    .from(buildings);
  base = Object.fromEntries(rows.map((r) => [r.id, r.base]));
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
/** ironSource's time format, YYYYMMDDHHmm in UTC, `offsetMs` from now. */
const ironsourceNow = (offsetMs = 0) =>
  new Date(Date.now() + offsetMs).toISOString().replace(/[-T:]/g, "").slice(0, 12);
const unixNow = (offsetMs = 0) => String(Math.floor((Date.now() + offsetMs) / 1000));
let nextBuilding = 700;
/** A made-up building of its own for one test, with its base price in dollars. */
async function newBuilding(): Promise<{ id: string; price: number }> {
  const id = `way/${nextBuilding}`;
  nextBuilding += 1;
  const { records, format } = parseFootprints(
    collection([osmFeature(id, -73.97 + nextBuilding * 0.001, 40.76)]),
  );
  await importBuildings(db(), records, format);
  const [row] = await db()
    .select({ base: buildings.basePriceCents })
    .from(buildings)
    .where(eq(buildings.id, id));
  return { id, price: (row?.base ?? 0) / 100 };
}
const creditsCents = (userId: string) => balanceOf(db(), accounts.credits(userId));
const postbacksStored = async () => (await db().select({ n: count() }).from(offerPostbacks))[0]?.n ?? 0;
const buy = (token: string, body: Record<string, unknown>) =>
  t.call("POST", "/api/v1/properties/buy", { token, body: { isApplePay: false, ...body } });
const noProblems = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

describe("postbacks", () => {
  it("credits a signed postback once: a replay answers OK and credits nothing; a bad signature is refused", async () => {
    const player = await signUp(t);
    const before = await postbacksStored();
    const url = sandboxPostbackUrl(t, player.userId, 250, { transactionId: "replayed-1" });
    const first = await t.call("GET", url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe("OK");
    expect(await creditsCents(player.userId)).toBe(250);
    const replay = await t.call("GET", url);
    expect(replay.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(250);

    const forged = url.replace("amount=250", "amount=25000");
    const bad = await t.call("GET", forged);
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe("signature: does not match");
    const unsigned = await t.call("GET", url.replace(/&?signature=[0-9a-f]+/, ""));
    expect(unsigned.statusCode).toBe(403);
    expect(await creditsCents(player.userId)).toBe(250);

    const stored = (await db().select().from(offerPostbacks)).filter(
      (p) => (p.params as Record<string, string>).transaction_id === "replayed-1",
    );
    expect(stored.map((p) => p.outcome).sort()).toEqual(["credited", "duplicate", "rejected", "rejected"]);
    expect(
      stored
        .map((p) => p.reason)
        .filter(Boolean)
        .sort(),
    ).toEqual(["signature: does not match", "signature: is missing"]);
    expect((await postbacksStored()) - before).toBe(4);
    const [feed] = await db().select().from(activities).where(eq(activities.userId, player.userId));
    expect(feed).toMatchObject({ type: "offer.credited", payload: { offerName: "Test offer", amount: 2.5 } });
    await noProblems();
  });

  it("refuses malformed and hostile postbacks with a 4xx naming the problem", async () => {
    const player = await signUp(t);
    const cases: [string, number, RegExp][] = [
      ["/api/v1/offerwall/postback/nobody?x=1", 404, /No offer-wall provider nobody/],
      [sandboxPostbackUrl(t, player.userId, 0), 400, /amount: must be greater than 0/],
      [sandboxPostbackUrl(t, player.userId, 500_000), 400, /amount: must be at most/],
      ["/api/v1/offerwall/postback/sandbox", 403, /signature: is missing/],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.call("GET", url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // A player id the wall did not sign, even correctly signed by the partner, credits no one.
    const params = signGeneric(
      {
        user_id: `${player.userId}.forged`,
        amount: "100",
        transaction_id: "forged-user",
        timestamp: unixNow(),
      },
      sandboxSecret(t),
    );
    const res = await t.call("GET", `/api/v1/offerwall/postback/sandbox?${new URLSearchParams(params)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("user: is not a player id this wall signed");
    expect(await creditsCents(player.userId)).toBe(0);
  });

  it("reads ayeT-Studios postbacks signed with the publisher key in X-Ayetstudios-Security-Hash", async () => {
    const player = await signUp(t);
    const params = {
      external_identifier: signedPlayerId(t.app.deps.config, player.userId),
      currency_amount: "300",
      transaction_id: "ayet-1",
      payout_usd: "0.36",
      offer_name: "Survey",
    };
    const query = new URLSearchParams(params).toString();
    const hash = createHmac("sha256", AYET_KEY).update(sortedQuery(params)).digest("hex");
    const bad = await t.call("GET", `/api/v1/offerwall/postback/ayet?${query}`, {
      headers: { "x-ayetstudios-security-hash": hash.replace(/.$/, hash.endsWith("0") ? "1" : "0") },
    });
    expect(bad.statusCode).toBe(403);
    const good = await t.call("GET", `/api/v1/offerwall/postback/ayet?${query}`, {
      headers: { "x-ayetstudios-security-hash": hash },
    });
    expect(good.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(300);

    const chargeback = { ...params, is_chargeback: "1" };
    const chargebackHash = createHmac("sha256", AYET_KEY).update(sortedQuery(chargeback)).digest("hex");
    const reversed = await t.call(
      "GET",
      `/api/v1/offerwall/postback/ayet?${new URLSearchParams(chargeback)}`,
      {
        headers: { "x-ayetstudios-security-hash": chargebackHash },
      },
    );
    expect(reversed.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(0);
    await noProblems();
  });

  it("reads ironSource postbacks (md5 of timestamp, event, user, rewards and key) and answers <eventId>:OK", async () => {
    const player = await signUp(t);
    const appUserId = signedPlayerId(t.app.deps.config, player.userId);
    const signed = (eventId: string, rewards: string, key = IRONSOURCE_KEY) => {
      const timestamp = ironsourceNow();
      const signature = createHash("md5")
        .update(`${timestamp}${eventId}${appUserId}${rewards}${key}`)
        .digest("hex");
      return new URLSearchParams({
        appUserId,
        rewards,
        eventId,
        timestamp,
        signature,
        itemName: "Coins",
      }).toString();
    };
    const wrongKey = await t.call(
      "GET",
      `/api/v1/offerwall/postback/ironsource?${signed("is-1", "400", "other-key")}`,
    );
    expect(wrongKey.statusCode).toBe(403);
    const good = await t.call("GET", `/api/v1/offerwall/postback/ironsource?${signed("is-1", "400")}`);
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe("is-1:OK");
    // POSTed as a form, the same event again: OK, nothing more.
    const again = await t.call("POST", "/api/v1/offerwall/postback/ironsource", {
      body: signed("is-1", "400"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(400);
    // A negative callback takes credits back under its own event id.
    const negative = await t.call("GET", `/api/v1/offerwall/postback/ironsource?${signed("is-2", "-150")}`);
    expect(negative.body).toBe("is-2:OK");
    expect(await creditsCents(player.userId)).toBe(250);
    await noProblems();
  });

  it("reads the generic provider with the configured parameter names and HMAC secret", async () => {
    const player = await signUp(t);
    const params = signGeneric(
      {
        uid: signedPlayerId(t.app.deps.config, player.userId),
        points: "120",
        tx: "gen-1",
        timestamp: unixNow(),
      },
      GENERIC_KEY,
      "sig",
    );
    const res = await t.call("GET", `/api/v1/offerwall/postback/generic?${new URLSearchParams(params)}`);
    expect(res.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(120);
    const wrong = signGeneric({ ...params, sig: "" }, "another-secret-0123456789", "sig");
    const refused = await t.call("GET", `/api/v1/offerwall/postback/generic?${new URLSearchParams(wrong)}`);
    expect(refused.statusCode).toBe(403);
  });

  it("takes credits back on a reversal, and records a debt when the balance is short, repaid from later credits", async () => {
    const player = await signUp(t);
    await giveCredits(t, player.userId, 1000, "rev-a");
    await giveCredits(t, player.userId, 400, "rev-b");
    expect(await creditsCents(player.userId)).toBe(1400);
    // Spend most of it (a building paid partly with credits), then the partner reverses the $10 offer.
    await addCard(t, player.token);
    const bought = await buy(player.token, {
      buildingId: "way/1",
      bidAmount: (base["way/1"] ?? 0) / 100,
      credits: 12,
    });
    expect(bought.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(200);
    const reversal = await t.call(
      "GET",
      sandboxPostbackUrl(t, player.userId, 1000, { transactionId: "rev-a", reversal: true }),
    );
    expect(reversal.statusCode).toBe(200);
    expect(await creditsOfPlayer(t, player.token)).toMatchObject({ balance: 0, debt: 8 });
    // A repeated reversal changes nothing.
    await t.call(
      "GET",
      sandboxPostbackUrl(t, player.userId, 1000, { transactionId: "rev-a", reversal: true }),
    );
    expect(await creditsOfPlayer(t, player.token)).toMatchObject({ balance: 0, debt: 8 });
    // The next credits pay the debt first.
    await giveCredits(t, player.userId, 1000, "rev-c");
    expect(await creditsOfPlayer(t, player.token)).toMatchObject({ balance: 2, debt: 0 });
    const totals = (await offerwallPlayers(t.app.deps)).find((p) => p.user_id === player.userId);
    expect(totals).toMatchObject({
      offers: 3,
      credited_cents: 2400,
      reversed_cents: 1000,
      balance_cents: 200,
      debt_cents: 0,
    });
    await noProblems();
  });

  it("credits no more than the daily cap in 24 hours", async () => {
    const player = await signUp(t);
    await giveCredits(t, player.userId, 15_000);
    await giveCredits(t, player.userId, 15_000);
    await giveCredits(t, player.userId, 15_000);
    expect(await creditsCents(player.userId)).toBe(20_000);
    const wall = (await t.call("GET", "/api/v1/offerwall", { token: player.token })).json().data;
    expect(wall.earnedToday).toBe(200);
    expect(wall.completed.map((c: { credited: number }) => c.credited)).toEqual([0, 50, 150]);
  });
});

describe("spending credits on a building", () => {
  it("charges the card only for what the credits leave, with the ledger and the processor agreeing", async () => {
    const player = await signUp(t);
    const card = await addCard(t, player.token);
    await giveCredits(t, player.userId, 3000);
    const price = (base["way/2"] ?? 0) / 100;
    const res = await buy(player.token, {
      buildingId: "way/2",
      paymentMethodId: card,
      bidAmount: price,
      credits: 25,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeCloseTo(price + 8.99, 2);
    expect(data.credits).toBe(25);
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, data.paymentIntentId));
    expect(intent?.amountCents).toBe(Math.round((price + 8.99 - 25) * 100));
    expect(await creditsCents(player.userId)).toBe(500);
    expect(await balanceOf(db(), accounts.creditsHeld)).toBe(0);
    await noProblems();
  });

  it("needs no card when credits pay everything", async () => {
    const player = await signUp(t);
    const building = await newBuilding();
    const total = Math.round(building.price * 100) + 899;
    const cap = t.app.deps.config.offerwall.dailyCapCents;
    t.app.deps.config.offerwall.dailyCapCents = total;
    try {
      await giveCredits(t, player.userId, total);
    } finally {
      t.app.deps.config.offerwall.dailyCapCents = cap;
    }
    const res = await buy(player.token, {
      buildingId: building.id,
      bidAmount: building.price,
      credits: total / 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentIntentId).toBe("");
    expect(await creditsCents(player.userId)).toBe(0);
    await noProblems();
  });

  it("refuses more credits than the player has, before anything is charged", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await giveCredits(t, player.userId, 500);
    const building = await newBuilding();
    const charges = (await db().select({ n: count() }).from(sandboxPaymentIntents))[0]?.n;
    const res = await buy(player.token, { buildingId: building.id, bidAmount: building.price, credits: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You have $5.00 of credits, less than the $6.00 asked for.");
    expect((await db().select({ n: count() }).from(sandboxPaymentIntents))[0]?.n).toBe(charges);
    const [row] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(row?.status).toBe("failed");
    expect(await creditsCents(player.userId)).toBe(500);
    // More credits than the purchase costs is refused outright.
    const over = await buy(player.token, {
      buildingId: building.id,
      bidAmount: building.price,
      credits: building.price + 100,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^credits: must be at most the total of/);
    await noProblems();
  });

  it("gives the credits back when the purchase fails after the card was charged", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await giveCredits(t, player.userId, 700);
    const building = await newBuilding();
    failNext = true;
    const res = await buy(player.token, { buildingId: building.id, bidAmount: building.price, credits: 7 });
    expect(res.statusCode).toBe(503);
    expect(await creditsCents(player.userId)).toBe(700);
    const [row] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(row?.status).toBe("refunded");
    await noProblems();
  });

  it("lets two purchases at once spend the same credits only once", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await giveCredits(t, player.userId, 1000);
    const pair = [await newBuilding(), await newBuilding()];
    const results = await Promise.all(
      pair.map((b) => buy(player.token, { buildingId: b.id, bidAmount: b.price, credits: 10 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      "You have $0.00 of credits, less than the $10.00 asked for.",
    );
    expect(await creditsCents(player.userId)).toBe(0);
    await noProblems();
  });

  it("keeps credits out of bids: the bid form has no credits field", async () => {
    const player = await signUp(t);
    const res = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: player.token,
      body: { propertyId: "way/1", bidAmount: 10, credits: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/credits/);
  });
});

describe("the wall", () => {
  it("the sandbox wall sends a real signed postback over HTTP to this server, and the offer turns from pending to credited", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const player = await signUp(t);
    const done = await t.call("POST", "/api/v1/offerwall/sandbox/complete", {
      token: player.token,
      body: { offerId: "survey-parks" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.offer).toMatchObject({ status: "pending", amount: 2.5, credited: 0 });
    let wall = (await t.call("GET", "/api/v1/offerwall", { token: player.token })).json().data;
    for (let i = 0; i < 50 && wall.completed[0]?.status !== "credited"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wall = (await t.call("GET", "/api/v1/offerwall", { token: player.token })).json().data;
    }
    expect(wall.completed[0]).toMatchObject({
      offerName: "City parks survey",
      status: "credited",
      credited: 2.5,
    });
    expect(wall.credits).toMatchObject({ balance: 2.5, usable: 2.5 });
    const [stored] = await db().select().from(offerPostbacks).where(eq(offerPostbacks.userId, player.userId));
    expect(stored).toMatchObject({ provider: "sandbox", outcome: "credited", ip: "127.0.0.1" });
    const unknown = await t.call("POST", "/api/v1/offerwall/sandbox/complete", {
      token: player.token,
      body: { offerId: "nope" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("needs a signed-in player", async () => {
    expect((await t.call("GET", "/api/v1/offerwall")).statusCode).toBe(401);
    expect(
      (await t.call("POST", "/api/v1/offerwall/sandbox/complete", { body: { offerId: "x" } })).statusCode,
    ).toBe(401);
  });
});

describe("a partner's wall", () => {
  it("embeds the partner's wall with the player's signed id, refuses the sandbox and takes postbacks only from the allowed addresses", async () => {
    const partner = await createTestApp({
      offerwall: {
        ...testConfig().offerwall,
        provider: "ayet",
        wallUrl: "https://wall.example.com/offers?external_identifier={user}",
        secrets: { ayet: AYET_KEY },
        allowedIps: ["203.0.113.7"],
      },
    });
    try {
      const player = await signUp(partner);
      const wall = (await partner.call("GET", "/api/v1/offerwall", { token: player.token })).json().data;
      const signedId = signedPlayerId(partner.app.deps.config, player.userId);
      expect(wall.wallUrl).toBe(
        `https://wall.example.com/offers?external_identifier=${encodeURIComponent(signedId)}`,
      );
      expect(wall.offers).toEqual([]);
      const sandbox = await partner.call("POST", "/api/v1/offerwall/sandbox/complete", {
        token: player.token,
        body: { offerId: "survey-parks" },
      });
      expect(sandbox.statusCode).toBe(404);
      const params = { external_identifier: signedId, currency_amount: "100", transaction_id: "ip-1" };
      const hash = createHmac("sha256", AYET_KEY).update(sortedQuery(params)).digest("hex");
      const fromElsewhere = await partner.call(
        "GET",
        `/api/v1/offerwall/postback/ayet?${new URLSearchParams(params)}`,
        {
          headers: { "x-ayetstudios-security-hash": hash },
        },
      );
      expect(fromElsewhere.statusCode).toBe(403);
      expect(fromElsewhere.json().message).toBe("address 127.0.0.1: is not among the partner's addresses");
      const fromPartner = await partner.app.inject({
        method: "GET",
        url: `/api/v1/offerwall/postback/ayet?${new URLSearchParams(params)}`,
        headers: { "x-ayetstudios-security-hash": hash },
        remoteAddress: "203.0.113.7",
      });
      expect(fromPartner.statusCode).toBe(200);
      const sandboxPostback = await partner.app.inject({
        method: "GET",
        url: "/api/v1/offerwall/postback/sandbox?x=1",
        remoteAddress: "203.0.113.7",
      });
      expect(sandboxPostback.statusCode).toBe(404);
    } finally {
      await partner.close();
    }
  });
});

describe("limits", () => {
  it("keeps a new account's credits unspendable until the hold has passed", async () => {
    const held = await createTestApp({ offerwall: { ...testConfig().offerwall, creditHoldHours: 24 } });
    try {
      await importSampleCity(held.app.deps.db);
      const player = await signUp(held);
      await addCard(held, player.token);
      await giveCredits(held, player.userId, 1000);
      const credits = await creditsOfPlayer(held, player.token);
      expect(credits).toMatchObject({ balance: 10, usable: 0 });
      expect(credits.usableFrom).not.toBeNull();
      const [row] = await held.app.deps.db
        .select({ base: buildings.basePriceCents })
        .from(buildings)
        .where(eq(buildings.id, "way/1"));
      const res = await held.call("POST", "/api/v1/properties/buy", {
        token: player.token,
        body: { buildingId: "way/1", bidAmount: (row?.base ?? 0) / 100, credits: 5 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^Your credits can be spent from .*, 24 hours after your account was created\.$/,
      );
      expect(await moneyProblems(held.app.deps.db, held.app.deps.gateway)).toEqual([]);
    } finally {
      await held.close();
    }
  });
});
