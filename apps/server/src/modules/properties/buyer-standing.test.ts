import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { users } from "../../db/schema/users";
import { importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { checkLedger } from "../ledger/check-ledger";

/*
 * The buyer's standing is checked by the statement that reserves a batch of purchases: a refused buyer reserves
 * nothing, and never holds a building against another buyer of the same moment.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
/** Buys at the building's base price. */
async function buy(token: string, buildingId: string) {
  const [building] = await db().select().from(buildings).where(eq(buildings.id, buildingId));
  return t.call("POST", "/api/v1/properties/buy", {
    token,
    body: { buildingId, bidAmount: (building?.basePriceCents ?? 0) / 100, isApplePay: false },
  });
}

async function buyerWithCard() {
  const player = await signUp(t);
  await addCard(t, player.token);
  return player;
}

async function free(buildingId: string) {
  await db()
    .update(properties)
    .set({ ownerId: null, forSale: false, askCents: null })
    .where(eq(properties.buildingId, buildingId));
}

describe("the buyer's standing, checked with the batch", () => {
  it("refuses a frozen buyer and a restricted one in the same batch as an honest buyer of the same building, who gets it", async () => {
    await free("way/1");
    const frozen = await buyerWithCard();
    const restricted = await buyerWithCard();
    const honest = await buyerWithCard();
    await db().update(users).set({ tradingFrozenReason: "Under review" }).where(eq(users.id, frozen.userId));
    await db()
      .update(users)
      .set({ restrictedReason: "A disputed payment", restrictedAt: new Date() })
      .where(eq(users.id, restricted.userId));
    // Sent together, so that one statement reserves all three (the refused ones first in the batch).
    const [a, b, c] = await Promise.all([
      buy(frozen.token, "way/1"),
      buy(restricted.token, "way/1"),
      buy(honest.token, "way/1"),
    ]);
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe("Trading on your account is frozen: Under review");
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toBe(
      "Your account is restricted and cannot pay by card or PayPal until support reviews it: A disputed payment",
    );
    expect(c.statusCode, c.body).toBe(200);
    const [owner] = await db().select().from(properties).where(eq(properties.buildingId, "way/1"));
    expect(owner?.ownerId).toBe(honest.userId);
    // Nothing was written for the refused buyers: no purchase, no charge.
    for (const refused of [frozen, restricted]) {
      expect(await db().select().from(purchases).where(eq(purchases.userId, refused.userId))).toEqual([]);
    }
    expect(await checkLedger(db())).toEqual([]);
  });

  it("lets the same buyers buy once their standing is restored", async () => {
    await free("way/2");
    const player = await buyerWithCard();
    await db().update(users).set({ tradingFrozenReason: "Under review" }).where(eq(users.id, player.userId));
    expect((await buy(player.token, "way/2")).statusCode).toBe(403);
    await db().update(users).set({ tradingFrozenReason: null }).where(eq(users.id, player.userId));
    const res = await buy(player.token, "way/2");
    expect(res.statusCode, res.body).toBe(200);
  });
});
