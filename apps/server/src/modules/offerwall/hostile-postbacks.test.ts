import { createHash, createHmac } from "node:crypto";
import { signGeneric, sortedQuery } from "@mx/processors/offer-wall";
import { OFFER_POSTBACK_KEEP_DAYS, OFFER_POSTBACK_WINDOW_MINUTES } from "@mx/shared/constants";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import { offerCompletions, offerPostbacks, offerSignatures } from "../../db/schema/offerwall";
import { users } from "../../db/schema/users";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { giveCredits, sandboxPostbackUrl } from "../../test/offerwall";
import { accounts, balanceOf } from "../ledger/ledger";
import { handlePostback, purgeOldPostbacks } from "./handle-postback";
import { signedPlayerId } from "./providers";

const AYET_KEY = "ayet-publisher-api-key";
const IRONSOURCE_KEY = "ironsource-private-key";
const GENERIC_KEY = "generic-hmac-secret-0123456789";
const WINDOW_MS = OFFER_POSTBACK_WINDOW_MINUTES * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    offerwall: {
      ...testConfig().offerwall,
      secrets: { ayet: AYET_KEY, ironsource: IRONSOURCE_KEY, generic: GENERIC_KEY },
      genericParams: { user: "uid", amount: "points", transaction: "tx", signature: "sig", timestamp: "ts" },
    },
  });
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const creditsCents = (userId: string) => balanceOf(db(), accounts.credits(userId));
const stored = async () => (await db().select({ n: count() }).from(offerPostbacks))[0]?.n ?? 0;
const ironsourceTime = (offsetMs = 0) =>
  new Date(Date.now() + offsetMs).toISOString().replace(/[-T:]/g, "").slice(0, 12);
const ironsource = (fields: { timestamp: string; eventId: string; appUserId: string; rewards: string }) => {
  const signature = createHash("md5")
    .update(`${fields.timestamp}${fields.eventId}${fields.appUserId}${fields.rewards}${IRONSOURCE_KEY}`)
    .digest("hex");
  return `/api/v1/offerwall/postback/ironsource?${new URLSearchParams({ ...fields, signature })}`;
};
const ayet = (params: Record<string, string>) =>
  t.call("GET", `/api/v1/offerwall/postback/ayet?${new URLSearchParams(params)}`, {
    headers: {
      "x-ayetstudios-security-hash": createHmac("sha256", AYET_KEY).update(sortedQuery(params)).digest("hex"),
    },
  });
const generic = (params: Record<string, string>) =>
  t.call(
    "GET",
    `/api/v1/offerwall/postback/generic?${new URLSearchParams(signGeneric(params, GENERIC_KEY, "sig"))}`,
  );

describe("signatures", () => {
  it("refuses an ironSource postback whose characters were moved between the time and the event id", async () => {
    const player = await signUp(t);
    const appUserId = signedPlayerId(t.app.deps.config, player.userId);
    const timestamp = ironsourceTime();
    const good = ironsource({ timestamp, eventId: "9ev1", appUserId, rewards: "300" });
    expect((await t.call("GET", good)).statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(300);
    // The same signature, the boundary moved one character either way: never credited again.
    const signature = new URL(good, "http://x").searchParams.get("signature") ?? "";
    for (const [ts, eventId] of [
      [`${timestamp}9`, "ev1"],
      [timestamp.slice(0, -1), `${timestamp.slice(-1)}9ev1`],
    ]) {
      const moved = new URLSearchParams({
        timestamp: ts ?? "",
        eventId: eventId ?? "",
        appUserId,
        rewards: "300",
        signature,
      });
      const res = await t.call("GET", `/api/v1/offerwall/postback/ironsource?${moved}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("timestamp: must be 12 digits, YYYYMMDDHHmm in UTC");
    }
    expect(await creditsCents(player.userId)).toBe(300);
  });

  it("refuses a time that is not a number or is outside the window, and never accepts a signature twice", async () => {
    const player = await signUp(t);
    const appUserId = signedPlayerId(t.app.deps.config, player.userId);
    const old = await t.call(
      "GET",
      ironsource({
        timestamp: ironsourceTime(-WINDOW_MS - 120_000),
        eventId: "old-1",
        appUserId,
        rewards: "100",
      }),
    );
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toBe(
      `timestamp: must be within ${OFFER_POSTBACK_WINDOW_MINUTES} minutes of now`,
    );
    const words = await t.call(
      "GET",
      ironsource({ timestamp: "2026-11-25T10", eventId: "old-2", appUserId, rewards: "100" }),
    );
    expect(words.statusCode).toBe(400);
    const uid = signedPlayerId(t.app.deps.config, player.userId);
    const stale = await generic({
      uid,
      points: "100",
      tx: "g-old",
      ts: String(Math.floor((Date.now() - WINDOW_MS - 120_000) / 1000)),
    });
    expect(stale.statusCode).toBe(403);
    const noTime = await generic({ uid, points: "100", tx: "g-none" });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().message).toBe("ts: is required");
    const letters = await generic({ uid, points: "100", tx: "g-letters", ts: "soon" });
    expect(letters.statusCode).toBe(400);
    expect(await creditsCents(player.userId)).toBe(0);

    // One signed URL sent three times: credited once, the repeats answered as duplicates.
    const url = ironsource({ timestamp: ironsourceTime(), eventId: "once-1", appUserId, rewards: "200" });
    for (let i = 0; i < 3; i += 1) expect((await t.call("GET", url)).statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(200);
    const outcomes = (
      await db().select().from(offerPostbacks).where(eq(offerPostbacks.transactionId, "once-1"))
    )
      .map((p) => p.outcome)
      .sort();
    expect(outcomes).toEqual(["credited", "duplicate", "duplicate"]);
    expect(
      await db().select().from(offerSignatures).where(eq(offerSignatures.provider, "ironsource")),
    ).not.toHaveLength(0);
  });
});

describe("reversals", () => {
  it("takes a negative ayeT amount without the chargeback flag as a reversal, never as a credit", async () => {
    const player = await signUp(t);
    const external_identifier = signedPlayerId(t.app.deps.config, player.userId);
    expect(
      (await ayet({ external_identifier, currency_amount: "100", transaction_id: "neg-1" })).statusCode,
    ).toBe(200);
    expect(await creditsCents(player.userId)).toBe(100);
    // The chargeback sent as a negative amount under the original id takes it back.
    const back = await ayet({ external_identifier, currency_amount: "-100", transaction_id: "neg-1" });
    expect(back.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(0);
    // A negative amount under a new id credits nothing.
    await ayet({ external_identifier, currency_amount: "-100", transaction_id: "neg-2" });
    expect(await creditsCents(player.userId)).toBe(0);
    expect(await balanceOf(db(), accounts.creditsDebt(player.userId))).toBe(0);
    await expect(moneyProblems(db(), t.app.deps.gateway)).resolves.toEqual([]);
  });

  it("remembers a reversal that arrives before its credit, so the credit pays nothing", async () => {
    const player = await signUp(t);
    const reversal = await t.call(
      "GET",
      sandboxPostbackUrl(t, player.userId, 500, { transactionId: "early-rev", reversal: true }),
    );
    expect(reversal.statusCode).toBe(200);
    const [remembered] = await db()
      .select()
      .from(offerCompletions)
      .where(eq(offerCompletions.transactionId, "early-rev"));
    expect(remembered).toMatchObject({ status: "reversed", creditedCents: 0 });
    const credit = await t.call(
      "GET",
      sandboxPostbackUrl(t, player.userId, 500, { transactionId: "early-rev" }),
    );
    expect(credit.statusCode).toBe(200);
    expect(await creditsCents(player.userId)).toBe(0);
    const [last] = await db()
      .select()
      .from(offerPostbacks)
      .where(eq(offerPostbacks.transactionId, "early-rev"))
      .orderBy(sql`${offerPostbacks.createdAt} desc`)
      .limit(1);
    expect(last?.outcome).toBe("ignored");
  });

  it("refuses postbacks for a deleted account", async () => {
    const player = await signUp(t);
    await giveCredits(t, player.userId, 100);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, player.userId));
    const res = await t.call("GET", sandboxPostbackUrl(t, player.userId, 300));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("user: no such player");
    expect(await creditsCents(player.userId)).toBe(100);
  });
});

describe("what is stored", () => {
  it("stores only the provider's fields of a refused postback, cut short, and nothing for an unknown provider", async () => {
    const player = await signUp(t);
    const before = await stored();
    const huge = "x".repeat(100_000);
    const refused = await t.call("POST", "/api/v1/offerwall/postback/sandbox", {
      body: new URLSearchParams({
        user_id: signedPlayerId(t.app.deps.config, player.userId),
        transaction_id: huge,
        amount: "100",
        padding: huge,
        signature: "0".repeat(64),
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await db()
      .select()
      .from(offerPostbacks)
      .orderBy(sql`${offerPostbacks.createdAt} desc`)
      .limit(1);
    const params = row?.params as Record<string, string>;
    expect(Object.keys(params).sort()).toEqual(["amount", "signature", "transaction_id", "user_id"]);
    expect(params.transaction_id).toHaveLength(200);
    expect(JSON.stringify(row).length).toBeLessThan(2_000);

    const unknown = await t.call("GET", `/api/v1/offerwall/postback/nobody?padding=${"y".repeat(5_000)}`);
    expect(unknown.statusCode).toBe(404);
    expect(await stored()).toBe(before + 1);
  });

  it("stores nothing from an address off the partner's list", async () => {
    const before = await stored();
    const { deps } = t.app;
    const reply = await handlePostback(
      {
        ...deps,
        config: { ...deps.config, offerwall: { ...deps.config.offerwall, allowedIps: ["203.0.113.7"] } },
      },
      { provider: "sandbox", params: { padding: "z".repeat(10_000) }, headers: {}, ip: "198.51.100.9" },
    );
    expect(reply.status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it(`purges postbacks older than ${OFFER_POSTBACK_KEEP_DAYS} days, and only those`, async () => {
    const player = await signUp(t);
    await giveCredits(t, player.userId, 100, "kept-1");
    await giveCredits(t, player.userId, 100, "purged-1");
    const long = new Date(Date.now() - (OFFER_POSTBACK_KEEP_DAYS + 1) * 24 * 60 * 60_000);
    await db()
      .update(offerPostbacks)
      .set({ createdAt: long })
      .where(eq(offerPostbacks.transactionId, "purged-1"));
    expect(await purgeOldPostbacks(t.app.deps)).toBeGreaterThanOrEqual(1);
    const left = (await db().select().from(offerPostbacks)).map((p) => p.transactionId);
    expect(left).toContain("kept-1");
    expect(left).not.toContain("purged-1");
  });
});
