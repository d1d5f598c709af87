import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import { payAutomaticPayouts } from "../../jobs/pay-automatic-payouts";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { giveCredits } from "../../test/offerwall";
import { addPayoutCard, connectedPlayer, creditEarnings, earningsOf } from "../../test/payouts";
import { RESTRICTION_REASONS, restrictedRefusal } from "../auth/restriction";
import { checkLedger } from "../ledger/check-ledger";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const reason = RESTRICTION_REASONS.disputeLost;
const post = (path: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/${path}`, { token, body });
const profile = async (token: string) =>
  (await t.call("GET", "/api/v1/users/profile", { token })).json().data;

/** Restricts the player as a lost dispute does, or lifts it as an operator does (null). */
async function restrict(userId: string, why: string | null): Promise<void> {
  await db()
    .update(users)
    .set({ restrictedReason: why, restrictedAt: why ? new Date() : null })
    .where(eq(users.id, userId));
}

/** A building back in the game, unowned and unlisted, priced at `cents`. */
async function freeBuilding(buildingId: string, cents: number): Promise<void> {
  await db().delete(bids).where(eq(bids.buildingId, buildingId));
  await db().update(buildings).set({ basePriceCents: cents }).where(eq(buildings.id, buildingId));
  await db()
    .update(properties)
    .set({ ownerId: null, forSale: false, askCents: null, priceCents: cents, developmentLevel: 0 })
    .where(eq(properties.buildingId, buildingId));
  t.app.hot.clear();
}

describe("a restricted player", () => {
  it("sees the restriction on their account, with its reason and since when", async () => {
    const player = await signUp(t);
    expect((await profile(player.token)).restriction).toBeNull();
    await restrict(player.userId, reason);
    const { restriction } = await profile(player.token);
    expect(restriction.reason).toBe(reason);
    expect(Date.now() - Date.parse(restriction.since)).toBeLessThan(60_000);
    await restrict(player.userId, null);
    expect((await profile(player.token)).restriction).toBeNull();
  });

  it("cannot buy with a card, may buy with credits alone, and may use the card again once it is lifted", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await restrict(player.userId, reason);
    await freeBuilding("way/3", 1_000);
    const byCard = await post("properties/buy", player.token, { buildingId: "way/3", bidAmount: 10 });
    expect(byCard.statusCode).toBe(403);
    expect(byCard.json().message).toBe(restrictedRefusal("payments", reason).message);

    await giveCredits(t, player.userId, 1_899);
    const byCredits = await post("properties/buy", player.token, {
      buildingId: "way/3",
      bidAmount: 10,
      credits: 18.99,
    });
    expect(byCredits.statusCode).toBe(200);

    await restrict(player.userId, null);
    await freeBuilding("way/3", 1_000);
    const again = await post("properties/buy", player.token, { buildingId: "way/3", bidAmount: 10 });
    expect(again.statusCode).toBe(200);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("cannot bid until it is lifted", async () => {
    const seller = await connectedPlayer(t);
    await db().delete(bids).where(eq(bids.buildingId, "way/1"));
    await giveBuilding(db(), "way/1", seller.userId, 50_000, { askCents: 60_000 });
    const player = await signUp(t);
    await addCard(t, player.token);
    await restrict(player.userId, reason);
    const refused = await post("properties/submit-bid", player.token, {
      propertyId: "way/1",
      bidAmount: 700,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(restrictedRefusal("payments", reason).message);
    expect(await db().select().from(bids).where(eq(bids.bidderId, player.userId))).toHaveLength(0);

    await restrict(player.userId, null);
    const placed = await post("properties/submit-bid", player.token, { propertyId: "way/1", bidAmount: 700 });
    expect(placed.statusCode).toBe(200);
  });

  it("cannot develop with a card, may develop with credits alone", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await db().delete(bids).where(eq(bids.buildingId, "way/2"));
    await giveBuilding(db(), "way/2", player.userId, 10_000);
    await db()
      .update(properties)
      .set({ developmentLevel: 0, constructingUntil: null })
      .where(eq(properties.buildingId, "way/2"));
    await restrict(player.userId, reason);
    const byCard = await post("properties/develop", player.token, { propertyId: "way/2", kind: "facade" });
    expect(byCard.statusCode).toBe(403);
    expect(byCard.json().message).toBe(restrictedRefusal("payments", reason).message);

    await giveCredits(t, player.userId, 1_899);
    const byCredits = await post("properties/develop", player.token, {
      propertyId: "way/2",
      kind: "facade",
      credits: 18.99,
    });
    expect(byCredits.statusCode).toBe(200);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("cannot open the shop's card checkout while signed in", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await restrict(player.userId, reason);
    const open = () =>
      t.call("POST", "/api/v1/stripe/webhooks/create-checkout-session", {
        token: player.token,
        body: { customerEmail: player.email, line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }] },
      });
    const refused = await open();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(restrictedRefusal("payments", reason).message);
    await restrict(player.userId, null);
    expect((await open()).statusCode).toBe(200);
  });

  it("can withdraw nothing, instantly, by hand or automatically, until it is lifted", async () => {
    const player = await connectedPlayer(t);
    const card = (await addPayoutCard(t, player.token)).json().data.data;
    await creditEarnings(db(), player.userId, 5_000);
    await t.call("PUT", "/api/v1/users/edit-Payout", { token: player.token, body: { type: "automatic" } });
    await restrict(player.userId, RESTRICTION_REASONS.fraudWarning);
    const refusal = restrictedRefusal("payouts", RESTRICTION_REASONS.fraudWarning).message;

    const instant = await post("users/instant-payout-card", player.token, { amount: 2_000, cardId: card.id });
    expect(instant.statusCode).toBe(403);
    expect(instant.json().message).toBe(refusal);
    const manual = await post("users/manual-payout", player.token, {});
    expect(manual.statusCode).toBe(403);
    expect(manual.json().message).toBe(refusal);
    await runJobOnce(t.app.deps, payAutomaticPayouts, new Date("2031-06-01T09:00:00Z"));
    expect(await earningsOf(db(), player.userId)).toBe(5_000);

    // Restricted after the day's payees were chosen: the payout is still not reserved.
    const { findAutomaticPayees, payAutomaticPayout } = await import("./automatic-payouts");
    await restrict(player.userId, null);
    const payee = (await findAutomaticPayees(t.app.deps, new Date("2031-06-02T09:00:00Z"))).find(
      (p) => p.userId === player.userId,
    );
    expect(payee).toBeDefined();
    await restrict(player.userId, RESTRICTION_REASONS.fraudWarning);
    expect(payee && (await payAutomaticPayout(t.app.deps, payee))).toBe(false);
    expect(await earningsOf(db(), player.userId)).toBe(5_000);

    await restrict(player.userId, null);
    const paid = await post("users/instant-payout-card", player.token, { amount: 2_000, cardId: card.id });
    expect(paid.statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(3_000);
    expect(await checkLedger(db())).toEqual([]);
  });
});
