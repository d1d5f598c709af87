import { randomUUID } from "node:crypto";
import { disputeTexts } from "@mx/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { properties } from "../../db/schema/buildings";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { connectedPlayer } from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const post = (path: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/properties/${path}`, { token, body });
const details = async (token: string, buildingId: string) =>
  (
    await t.call("GET", `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(buildingId)}`, {
      token,
    })
  ).json().data.propertyDetails[0];

/** Freezes the building as a dispute on the payment that bought it does, or lifts the freeze (null). */
async function freeze(buildingId: string, on: boolean): Promise<void> {
  await db()
    .update(properties)
    .set({ frozenDisputeId: on ? randomUUID() : null })
    .where(eq(properties.buildingId, buildingId));
  // Set behind the app's back, as no event announces it here: the caches forget what they held.
  t.app.hot.clear();
}

/** A connected seller owning the building at `priceCents`, with a card, off the market and with no bids. */
async function owner(buildingId: string, priceCents = 100_000) {
  const player = await connectedPlayer(t);
  await addCard(t, player.token);
  await db().delete(bids).where(eq(bids.buildingId, buildingId));
  await giveBuilding(db(), buildingId, player.userId, priceCents);
  await db()
    .update(properties)
    .set({ developmentLevel: 0, constructingUntil: null, customName: null })
    .where(eq(properties.buildingId, buildingId));
  return player;
}

describe("a building frozen while a payment for it is disputed", () => {
  it("cannot be listed until the freeze is lifted", async () => {
    const seller = await owner("way/1");
    await freeze("way/1", true);
    const refused = await post("place-ask", seller.token, { propertyId: "way/1", bidAmount: 1_500 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(disputeTexts.buildingFrozen);
    expect((await details(seller.token, "way/1")).forSale).toBe(false);

    await freeze("way/1", false);
    const listed = await post("place-ask", seller.token, { propertyId: "way/1", bidAmount: 1_500 });
    expect(listed.statusCode).toBe(200);
  });

  it("takes no bids, and its owner cannot accept one placed before the freeze", async () => {
    const seller = await owner("way/2");
    expect(
      (await post("place-ask", seller.token, { propertyId: "way/2", bidAmount: 1_500 })).statusCode,
    ).toBe(200);
    const bidder = await signUp(t);
    await addCard(t, bidder.token);
    const placed = await post("submit-bid", bidder.token, { propertyId: "way/2", bidAmount: 1_600 });
    expect(placed.statusCode).toBe(200);
    const bidId = placed.json().data.bid.bidId as string;

    // The ask placed before the freeze stays; a buyer cannot take it, nor the owner sell.
    await freeze("way/2", true);
    const other = await signUp(t);
    await addCard(t, other.token);
    const late = await post("submit-bid", other.token, { propertyId: "way/2", bidAmount: 1_700 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(disputeTexts.buildingFrozen);
    const checked = await post("generate-bid", other.token, { propertyId: "way/2", bidAmount: 1_700 });
    expect(checked.statusCode).toBe(409);
    const refused = await post("accept-bid", seller.token, { bidId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(disputeTexts.buildingFrozen);
    const [bid] = await db().select({ status: bids.status }).from(bids).where(eq(bids.id, bidId));
    expect(bid?.status).toBe("pending");
    expect((await details(seller.token, "way/2")).ownerId).toBe(seller.userId);

    await freeze("way/2", false);
    const accepted = await post("accept-bid", seller.token, { bidId });
    expect(accepted.statusCode).toBe(200);
    expect((await details(seller.token, "way/2")).ownerId).toBe(bidder.userId);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("cannot be developed, and its developments say why", async () => {
    const player = await owner("way/3");
    await freeze("way/3", true);
    const refused = await post("develop", player.token, { propertyId: "way/3", kind: "facade" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(disputeTexts.buildingFrozen);
    const offered = await t.call("GET", "/api/v1/properties/developments?propertyId=way/3", {
      token: player.token,
    });
    expect(offered.json().data.options[0]).toMatchObject({
      available: false,
      reason: disputeTexts.buildingFrozen,
    });

    await freeze("way/3", false);
    const developed = await post("develop", player.token, { propertyId: "way/3", kind: "facade" });
    expect(developed.statusCode).toBe(200);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("cannot be renamed", async () => {
    const player = await owner("way/1");
    await freeze("way/1", true);
    const rename = (name: string) =>
      t.call("PUT", "/api/v1/buildings", { token: player.token, body: { buildingId: "way/1", name } });
    const refused = await rename("Disputed Tower");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(disputeTexts.buildingFrozen);

    await freeze("way/1", false);
    expect((await rename("Cleared Tower")).statusCode).toBe(200);
    expect((await details(player.token, "way/1")).name).toBe("Cleared Tower");
  });

  it("shows as frozen on Property Details to everyone, and tells its owner why", async () => {
    const player = await owner("way/1");
    const other = await signUp(t);
    expect(await details(other.token, "way/1")).toMatchObject({ frozen: false });
    await freeze("way/1", true);

    // Read twice by each: the second from the cache, which must not hand the owner's reply to anyone else.
    for (let i = 0; i < 2; i++) {
      const seen = await details(other.token, "way/1");
      expect(seen.frozen).toBe(true);
      expect(seen.frozenReason).toBeUndefined();
      const own = await details(player.token, "way/1");
      expect(own).toMatchObject({ frozen: true, frozenReason: disputeTexts.frozenReason });
    }

    await freeze("way/1", false);
    const own = await details(player.token, "way/1");
    expect(own.frozen).toBe(false);
    expect(own.frozenReason).toBeUndefined();
  });
});
