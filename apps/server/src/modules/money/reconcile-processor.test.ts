import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { payouts } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { users } from "../../db/schema/users";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { connectedPlayer, creditEarnings } from "../../test/payouts";
import { reservePayout, sendPayout } from "../payouts/send-payout";
import { reconcileWithProcessor } from "./reconcile-processor";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
// Up to a second ahead: the database keeps microseconds and a Date only milliseconds, so a row written in the
// same millisecond as `new Date()` would fall just outside a window ending now.
const reconcile = () =>
  reconcileWithProcessor(db(), t.app.deps.gateway, {
    createdFrom: new Date(0),
    createdTo: new Date(Date.now() + 1_000),
  });

async function basePrice(buildingId: string) {
  const [row] = await db().select().from(buildings).where(eq(buildings.id, buildingId));
  return row?.basePriceCents ?? 0;
}

describe("reconcileWithProcessor", () => {
  it("finds the processor and our records in agreement after purchases, bids and a sale", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    const buy = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: { buildingId: "way/1", bidAmount: (await basePrice("way/1")) / 100, isApplePay: false },
    });
    expect(buy.statusCode).toBe(200);

    const seller = await signUp(t);
    await giveBuilding(db(), "way/2", seller.userId, 40_000);
    await db()
      .update(properties)
      .set({ forSale: true, askCents: 50_000 })
      .where(eq(properties.buildingId, "way/2"));
    const [bidderA, bidderB] = [await signUp(t), await signUp(t)];
    await addCard(t, bidderA.token);
    await addCard(t, bidderB.token);
    const [listed] = await db().select().from(properties).where(eq(properties.buildingId, "way/2"));
    const propertyId = listed?.id ?? "";
    const bidOn = (token: string, bidAmount: number) =>
      t.call("POST", "/api/v1/properties/submit-bid", {
        token,
        body: { propertyId, bidAmount, isApplePay: false },
      });
    const winning = (await bidOn(bidderA.token, 600)).json().data.bid;
    expect((await bidOn(bidderB.token, 610)).statusCode).toBe(200);
    expect(await reconcile()).toEqual([]);
    const accepted = await t.call("POST", "/api/v1/properties/accept-bid", {
      token: seller.token,
      body: { bidId: winning.bidId },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await reconcile()).toEqual([]);
  });

  it("names a charge with nothing bought behind it, a purchase whose charge was refunded, and an intent used twice", async () => {
    const [purchase] = await db().select().from(purchases).where(eq(purchases.status, "completed"));
    const intentId = purchase?.paymentIntentId ?? "";
    await db()
      .update(sandboxPaymentIntents)
      .set({ refundedCents: 100 })
      .where(eq(sandboxPaymentIntents.id, intentId));
    const [accepted] = await db().select().from(bids).where(eq(bids.status, "accepted"));
    const [stray] = await db()
      .insert(sandboxPaymentIntents)
      .values({
        id: "pi_stray",
        clientSecret: "pi_stray_secret",
        amountCents: 1_899,
        capturedCents: 1_899,
        currency: "usd",
        captureMethod: "automatic",
        status: "succeeded",
        metadata: { purpose: "purchase", purchaseId: "lost" },
      })
      .returning();
    await db()
      .update(bids)
      .set({ paymentIntentId: null })
      .where(eq(bids.id, accepted?.id ?? ""));
    const problems = await reconcile();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^purchase ${purchase?.id} is completed .* but intent ${intentId} is succeeded keeping`),
        ),
        expect.stringMatching(
          new RegExp(`^intent ${stray?.id} keeps \\$18\\.99 with nothing bought behind it`),
        ),
        expect.stringMatching(/keeps .* with nothing bought behind it \(bid /),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it("checks each payout against the processor's, and its journals", async () => {
    const player = await connectedPlayer(t);
    const [row] = await db().select().from(users).where(eq(users.id, player.userId));
    await creditEarnings(db(), player.userId, 5_000);
    const payout = await db().transaction((tx) =>
      reservePayout(tx, {
        userId: player.userId,
        accountId: row?.stripeConnAccId ?? "",
        provider: "sandbox",
        amountCents: 5_000,
        feeCents: 0,
        currency: "usd",
        method: "standard",
        automatic: false,
        destination: null,
        destinationLabel: null,
      }),
    );
    await sendPayout(t.app.deps, payout?.id ?? "");
    const before = await reconcile();
    expect(before.filter((p) => p.startsWith("payout"))).toEqual([]);
    await db()
      .update(payouts)
      .set({ netCents: 4_000 })
      .where(eq(payouts.id, payout?.id ?? ""));
    expect(await reconcile()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^payout .* sent \$40\.00 but the processor's .* is for \$50\.00$/),
      ]),
    );
    await db()
      .update(payouts)
      .set({ netCents: 5_000 })
      .where(eq(payouts.id, payout?.id ?? ""));
  });
});
