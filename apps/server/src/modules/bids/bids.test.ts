import { sandboxPaymentIntents, sandboxRefunds } from "@mx/sandbox/schema";
import type { Bid } from "@mx/shared/schemas/bids";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, priceHistory, properties } from "../../db/schema/buildings";
import { expireBids } from "../../jobs/expire-bids";
import { recoverBids } from "../../jobs/recover-bids";
import { releaseBidHolds } from "../../jobs/release-bid-holds";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";
import { BID_TTL_MS } from "./release-holds";

let failNext = false;
let t: TestApp;
type Player = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      faults: {
        beforeOwnership: () => {
          if (failNext) {
            failNext = false;
            throw new Error("injected failure after the capture");
          }
        },
      },
    },
  );
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call("POST", `/api/v1/properties/${path}`, { token, body, headers });
const bid = (token: string, propertyId: string, bidAmount: number, extra: Record<string, unknown> = {}) =>
  post("submit-bid", token, { propertyId, bidAmount, isApplePay: false, ...extra });
const list = async (token: string, type: "owner" | "bidder") =>
  (await t.call("GET", `/api/v1/properties/bids?type=${type}&limit=50&offset=0`, { token })).json().data;
const intentOf = async (bidId: string) => {
  const [row] = await db().select({ id: bids.paymentIntentId }).from(bids).where(eq(bids.id, bidId));
  const [intent] = await db()
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, row?.id ?? ""));
  return intent;
};
const holds = async () => {
  const [row] = await db().select({ n: count() }).from(sandboxPaymentIntents);
  return row?.n ?? 0;
};
const ownerOf = async (buildingId: string) => {
  const [row] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
  return row;
};

/** A seller owning `buildingId`, asking `askCents` for it; bids from scratch. */
async function listing(
  buildingId: string,
  askCents: number,
): Promise<{ seller: Player; propertyId: string }> {
  const seller = await signUp(t);
  await db().delete(bids).where(eq(bids.buildingId, buildingId));
  await giveBuilding(db(), buildingId, seller.userId, askCents - 10_000);
  await db().update(properties).set({ forSale: true, askCents }).where(eq(properties.buildingId, buildingId));
  const property = await ownerOf(buildingId);
  return { seller, propertyId: property?.id ?? "" };
}

async function bidder(number: string = TEST_CARDS.visa): Promise<Player & { card: string }> {
  const player = await signUp(t);
  return { ...player, card: await addCard(t, player.token, number) };
}

describe("POST /api/v1/properties/generate-bid", () => {
  it("checks the bid and says what the card will hold", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const res = await post("generate-bid", b.token, { propertyId, bidAmount: 500.01 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.response).toMatchObject({ _id: propertyId, forSale: true, price: 500 });
    expect(res.json().data.total).toBe(509);
  });

  it("refuses a bid not above the price, on one's own building, on one not for sale, or malformed", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const low = await post("generate-bid", b.token, { propertyId, bidAmount: 500 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe("bidAmount: Your bid must be higher than the base price of $500.00");
    expect((await post("generate-bid", seller.token, { propertyId, bidAmount: 600 })).statusCode).toBe(403);
    expect((await post("generate-bid", b.token, { propertyId: "way/3", bidAmount: 600 })).statusCode).toBe(
      409,
    );
    const cents = await post("generate-bid", b.token, { propertyId, bidAmount: 600.001 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe("bidAmount: must be a whole number of cents");
    for (const path of ["generate-bid", "submit-bid"]) {
      const huge = await post(path, b.token, { propertyId, bidAmount: 50_000_000 });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe("bidAmount: must be at most 999991");
    }
    const missing = await post("generate-bid", b.token, { bidAmount: "lots" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/propertyId/);
    expect((await post("generate-bid", b.token, { propertyId: "way/404", bidAmount: 600 })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /api/v1/properties/submit-bid", () => {
  it("holds bid + $8.99 on the card and shows the bid to both sides", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const res = await bid(b.token, propertyId, 612.5);
    expect(res.statusCode).toBe(200);
    const placed = res.json().data.bid;
    expect(placed).toMatchObject({
      status: "pending",
      bidAmount: 612.5,
      total: 621.49,
      bidderId: b.userId,
      ownerId: seller.userId,
      bidderDetails: { fullName: b.fullName },
      propertyDetails: { _id: propertyId, name: "Test Tower" },
    });
    expect(await intentOf(placed.bidId)).toMatchObject({
      status: "requires_capture",
      amountCents: 62_149,
      captureMethod: "manual",
    });
    expect((await list(seller.token, "owner")).bidList.map((x: { bidId: string }) => x.bidId)).toContain(
      placed.bidId,
    );
    const mine = await list(b.token, "bidder");
    expect(mine).toMatchObject({ totalCount: 1, bidList: [{ bidId: placed.bidId, status: "pending" }] });
    // Nothing moved in the ledger: a hold is not a payment.
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(0);
  });

  it("replaces the bidder's earlier bid on the same building and lets its hold go", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const first = (await bid(b.token, propertyId, 510)).json().data.bid;
    const second = (await bid(b.token, propertyId, 520)).json().data.bid;
    expect(second.status).toBe("pending");
    const mine = (await list(b.token, "bidder")).bidList;
    expect(mine.map((x: { bidId: string; status: string }) => [x.bidId, x.status])).toEqual([
      [second.bidId, "pending"],
      [first.bidId, "replaced"],
    ]);
    expect((await intentOf(first.bidId))?.status).toBe("canceled");
  });

  it("holds nothing for a declined card, and the owner never sees the bid", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder("4000 0000 0000 0341");
    const res = await bid(b.token, propertyId, 600);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("Your card was declined.");
    expect((await list(seller.token, "owner")).totalCount).toBe(0);
    expect((await list(b.token, "bidder")).bidList[0]).toMatchObject({ status: "failed" });
  });

  it("asks for a card first", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await signUp(t);
    const res = await bid(b.token, propertyId, 600);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please add a card first.");
  });

  it("holds once for the same request sent twice with one Idempotency-Key", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const before = await holds();
    const body = { propertyId, bidAmount: 700, isApplePay: false };
    const first = await post("submit-bid", b.token, body, { "idempotency-key": "bid-once" });
    const second = await post("submit-bid", b.token, body, { "idempotency-key": "bid-once" });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await holds()) - before).toBe(1);
  });

  it("keeps one pending bid when a bidder submits several at once", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const results = await Promise.all([601, 602, 603, 604].map((amount) => bid(b.token, propertyId, amount)));
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
    const [pending] = await db()
      .select({ n: count() })
      .from(bids)
      .where(and(eq(bids.bidderId, b.userId), eq(bids.status, "pending")));
    expect(pending?.n).toBe(1);
    // Every hold but the pending bid's own has been let go.
    const mine = await db().select().from(bids).where(eq(bids.bidderId, b.userId));
    for (const row of mine) {
      const intent = await intentOf(row.id);
      if (!intent) continue;
      expect(intent.status).toBe(row.status === "pending" ? "requires_capture" : "canceled");
    }
  });
});

describe("accepting, declining and cancelling", () => {
  beforeEach(async () => {
    failNext = false;
  });

  it("sells to the bidder: capture, ownership, price, history, the seller's earnings, other bids released", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const winner = await bidder();
    const loser = await bidder();
    const won = (await bid(winner.token, propertyId, 700)).json().data.bid;
    const lost = (await bid(loser.token, propertyId, 650)).json().data.bid;
    const feesBefore = await balanceOf(db(), accounts.platformFees);

    const res = await post("accept-bid", seller.token, { bidId: won.bidId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bid).toMatchObject({ bidId: won.bidId, status: "accepted" });
    expect(res.json().message).toBe(`Test Tower is sold to ${winner.fullName}.`);

    expect(await ownerOf("way/1")).toMatchObject({
      ownerId: winner.userId,
      priceCents: 70_000,
      forSale: false,
    });
    expect((await intentOf(won.bidId))?.capturedCents).toBe(70_899);
    expect((await intentOf(lost.bidId))?.status).toBe("canceled");
    expect((await list(loser.token, "bidder")).bidList[0]).toMatchObject({ status: "released" });
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(69_500);
    expect((await balanceOf(db(), accounts.platformFees)) - feesBefore).toBe(1_100);
    const [last] = await db()
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.buildingId, "way/1"))
      .orderBy(priceHistory.createdAt);
    expect(last).toBeDefined();
    const history = (
      await t.call("GET", "/api/v1/properties/price-history?buildingId=way/1", { token: winner.token })
    ).json().data.priceHistory;
    expect(history.at(-1).bidAmount).toBe(700);
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: winner.token })).json().data;
    expect(profile.totalPropertyPrice).toBe(700);
    const sellerProfile = (await t.call("GET", "/api/v1/users/profile", { token: seller.token })).json().data;
    expect(sellerProfile.totalPropertyPrice).toBe(0);
    const state = (await t.call("GET", "/api/v1/map/state")).json().data;
    expect(JSON.stringify(state)).toContain(profile.buildingColor.replace("#", "").toLowerCase());
    expect(await checkLedger(db())).toEqual([]);
  });

  it("of two bids accepted at once, sells exactly once and releases the other", async () => {
    const { seller, propertyId } = await listing("way/2", 30_000);
    const a = await bidder();
    const b = await bidder();
    const bidA = (await bid(a.token, propertyId, 400)).json().data.bid;
    const bidB = (await bid(b.token, propertyId, 410)).json().data.bid;
    const refundsBefore = (await db().select({ n: count() }).from(sandboxRefunds))[0]?.n ?? 0;

    const results = await Promise.all([
      post("accept-bid", seller.token, { bidId: bidA.bidId }),
      post("accept-bid", seller.token, { bidId: bidB.bidId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sold = results.find((r) => r.statusCode === 200)?.json().data.bid;
    const other = sold.bidId === bidA.bidId ? bidB : bidA;
    const buyer = sold.bidId === bidA.bidId ? a : b;
    expect((await ownerOf("way/2"))?.ownerId).toBe(buyer.userId);
    const captured = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.status, "succeeded"));
    expect(captured.filter((i) => i.id === (sold && null))).toHaveLength(0);
    expect((await intentOf(sold.bidId))?.status).toBe("succeeded");
    expect((await intentOf(other.bidId))?.status).toBe("canceled");
    expect((await db().select({ n: count() }).from(sandboxRefunds))[0]?.n).toBe(refundsBefore);
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(sold.bidAmount * 100 - 500);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("accepts the same bid once when the owner double-clicks", async () => {
    const { seller, propertyId } = await listing("way/2", 30_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 400)).json().data.bid;
    const results = await Promise.all([
      post("accept-bid", seller.token, { bidId: placed.bidId }),
      post("accept-bid", seller.token, { bidId: placed.bidId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(39_500);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("refunds the bidder when the sale fails after the capture, and the seller keeps the building", async () => {
    const { seller, propertyId } = await listing("way/3", 20_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 300)).json().data.bid;
    failNext = true;
    const res = await post("accept-bid", seller.token, { bidId: placed.bidId });
    expect(res.statusCode).toBe(503);
    expect(await ownerOf("way/3")).toMatchObject({ ownerId: seller.userId, forSale: true });
    const intent = await intentOf(placed.bidId);
    const [refund] = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, intent?.id ?? ""));
    expect(refund?.amountCents).toBe(30_899);
    expect((await list(b.token, "bidder")).bidList[0]).toMatchObject({ status: "failed" });
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(0);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("lets the owner decline and the bidder cancel, releasing the holds; nobody else may", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const a = await bidder();
    const b = await bidder();
    const bidA = (await bid(a.token, propertyId, 600)).json().data.bid;
    const bidB = (await bid(b.token, propertyId, 610)).json().data.bid;

    expect((await post("reject-bid", a.token, { bidId: bidA.bidId })).statusCode).toBe(403);
    expect((await post("cancel-bid", seller.token, { bidId: bidA.bidId })).statusCode).toBe(403);
    expect((await post("accept-bid", b.token, { bidId: bidA.bidId })).statusCode).toBe(403);

    const rejected = await post("reject-bid", seller.token, { bidId: bidA.bidId });
    expect(rejected.json().data.bid).toMatchObject({ bidId: bidA.bidId, status: "rejected" });
    expect((await intentOf(bidA.bidId))?.status).toBe("canceled");
    const again = await post("accept-bid", seller.token, { bidId: bidA.bidId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This bid is declined already.");

    const cancelled = await post("cancel-bid", b.token, { bidId: bidB.bidId });
    expect(cancelled.json().data.bid).toMatchObject({ bidId: bidB.bidId, status: "cancelled" });
    expect((await intentOf(bidB.bidId))?.status).toBe("canceled");
    expect((await post("cancel-bid", b.token, { bidId: "not-a-uuid" })).statusCode).toBe(400);
    expect(
      (await post("cancel-bid", b.token, { bidId: "00000000-0000-4000-8000-000000000000" })).statusCode,
    ).toBe(404);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("releases pending bids when the owner takes the building off the market", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 600)).json().data.bid;
    const res = await post("cancel-sale", seller.token, { propertyId });
    expect(res.statusCode).toBe(200);
    expect((await list(b.token, "bidder")).bidList[0]).toMatchObject({ status: "released" });
    expect((await intentOf(placed.bidId))?.status).toBe("canceled");
  });

  it("expires pending bids after 7 days and releases their holds", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 600)).json().data.bid;
    await runJobOnce(t.app.deps, expireBids);
    expect((await list(b.token, "bidder")).bidList[0]).toMatchObject({ status: "pending" });
    const later = new Date(Date.now() + BID_TTL_MS + 60_000);
    await runJobOnce(t.app.deps, expireBids, later);
    expect((await runJobOnce(t.app.deps, releaseBidHolds, later)).done).toBeGreaterThanOrEqual(1);
    expect((await list(b.token, "bidder")).bidList[0]).toMatchObject({ status: "expired" });
    expect((await intentOf(placed.bidId))?.status).toBe("canceled");
    const res = await post("accept-bid", seller.token, { bidId: placed.bidId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This bid is expired.");
  });
});

describe("what the players hear", () => {
  const feed = async (token: string) =>
    (await t.call("GET", "/api/v1/users/activities?limit=20&offset=0", { token })).json().data.activities as {
      type: string;
      payload: Record<string, unknown>;
    }[];

  it("tells the owner of a bid, the lower bidder they were outbid, and each bidder how it ended", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const low = await bidder();
    const high = await bidder();
    const lowBid = (await bid(low.token, propertyId, 600)).json().data.bid;
    const highBid = (await bid(high.token, propertyId, 650)).json().data.bid;
    expect((await feed(seller.token)).map((a) => a.type)).toEqual(["bid.received", "bid.received"]);
    expect((await feed(seller.token))[0]?.payload).toMatchObject({
      bidId: highBid.bidId,
      propertyName: "Test Tower",
      bidAmount: 650,
      bidderName: high.fullName,
    });
    expect((await feed(low.token))[0]).toMatchObject({
      type: "bid.outbid",
      payload: { bidId: lowBid.bidId, bidAmount: 600, newBidAmount: 650 },
    });
    await post("accept-bid", seller.token, { bidId: highBid.bidId });
    expect((await feed(high.token))[0]).toMatchObject({
      type: "bid.accepted",
      payload: { bidId: highBid.bidId },
    });
    expect((await feed(low.token))[0]).toMatchObject({
      type: "bid.released",
      payload: { bidId: lowBid.bidId },
    });
  });

  it("lists and announces a bid on a renamed building under the name it was sold as, not the data's", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const renamed = await t.call("PUT", "/api/v1/buildings", {
      token: seller.token,
      body: { buildingId: "way/1", name: "Ada's Spire", location: { lat: 40.75, lng: -73.98 } },
    });
    expect(renamed.statusCode).toBe(200);
    const winner = await bidder();
    const loser = await bidder();
    const lost = (await bid(loser.token, propertyId, 600)).json().data.bid;
    const won = (await bid(winner.token, propertyId, 650)).json().data.bid;
    expect(won.propertyDetails.name).toBe("Ada's Spire");
    expect((await post("accept-bid", seller.token, { bidId: won.bidId })).statusCode).toBe(200);
    // The sale hands the building over without the seller's name…
    expect((await ownerOf("way/1"))?.customName).toBeNull();
    // …but the bids it settled keep the name they were made on, in the lists and in what each bidder heard.
    expect((await feed(winner.token))[0]).toMatchObject({
      type: "bid.accepted",
      payload: { bidId: won.bidId, propertyName: "Ada's Spire" },
    });
    expect((await feed(loser.token))[0]).toMatchObject({
      type: "bid.released",
      payload: { bidId: lost.bidId, propertyName: "Ada's Spire" },
    });
    const mine = (await list(winner.token, "bidder")).bidList as Bid[];
    expect(mine.find((b) => b.bidId === won.bidId)?.propertyDetails.name).toBe("Ada's Spire");
    const sold = (await list(seller.token, "owner")).bidList as Bid[];
    expect(sold.find((b) => b.bidId === won.bidId)?.propertyDetails.name).toBe("Ada's Spire");
  });

  it("tells the bidder of a decline and the owner of a cancellation", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const a = await bidder();
    const b = await bidder();
    const bidA = (await bid(a.token, propertyId, 600)).json().data.bid;
    const bidB = (await bid(b.token, propertyId, 590)).json().data.bid;
    await post("reject-bid", seller.token, { bidId: bidA.bidId });
    await post("cancel-bid", b.token, { bidId: bidB.bidId });
    expect((await feed(a.token))[0]).toMatchObject({ type: "bid.declined" });
    expect((await feed(seller.token))[0]).toMatchObject({
      type: "bid.cancelled",
      payload: { bidId: bidB.bidId },
    });
  });
});

describe("a bid paid through a payment intent the client made", () => {
  it("confirms the client's intent for exactly bid + fees, and refuses another amount", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const intentFor = async (cents: number) =>
      (
        await t.call("POST", "/api/v1/users/payment/intent/token", {
          token: b.token,
          body: { amount: cents, currency: "usd", propertyId },
        })
      ).json().data.paymentIntentId as string;
    const wrong = await intentFor(70_000);
    const refused = await bid(b.token, propertyId, 600, { paymentIntentId: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "paymentIntentId: the intent is for $700.00, but this bid needs $608.99",
    );
    const right = await intentFor(60_899);
    const placed = await bid(b.token, propertyId, 600, { paymentIntentId: right });
    expect(placed.statusCode).toBe(200);
    expect(await intentOf(placed.json().data.bid.bidId)).toMatchObject({
      id: right,
      status: "requires_capture",
    });
    const other = await signUp(t);
    await addCard(t, other.token);
    const stolen = await post("submit-bid", other.token, {
      propertyId,
      bidAmount: 600,
      paymentIntentId: right,
    });
    expect(stolen.statusCode).toBe(400);
  });
});

describe("one card hold, one bid", () => {
  it("lets a payment intent back only one bid, even sent with two bids at once, and never lets go of the winner's hold", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const second = await listing("way/2", 50_000);
    const b = await bidder();
    const intent = (
      await t.call("POST", "/api/v1/users/payment/intent/token", {
        token: b.token,
        body: { amount: 60_899, currency: "usd", propertyId },
      })
    ).json().data.paymentIntentId as string;
    // Another building at the same price: the processor's record names the first building.
    const elsewhere = await bid(b.token, second.propertyId, 600, { paymentIntentId: intent });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe("paymentIntentId: the intent is not a hold for this bid");
    const both = await Promise.all([
      bid(b.token, propertyId, 600, { paymentIntentId: intent }),
      bid(b.token, propertyId, 600, { paymentIntentId: intent }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().select().from(bids).where(eq(bids.paymentIntentId, intent));
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
    const [held] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent));
    expect(held?.status).toBe("requires_capture");
  });

  it("refuses a second capture of one intent under another key, as Stripe does", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 600)).json().data.bid;
    expect((await post("accept-bid", seller.token, { bidId: placed.bidId })).statusCode).toBe(200);
    const intent = await intentOf(placed.bidId);
    const again = t.app.deps.gateway.capturePaymentIntent({
      id: intent?.id ?? "",
      idempotencyKey: "another",
    });
    await expect(again).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    const replay = await t.app.deps.gateway.capturePaymentIntent({
      id: intent?.id ?? "",
      idempotencyKey: `bid-capture:${placed.bidId}`,
    });
    expect(replay.status).toBe("succeeded");
  });
});

describe("recovering interrupted bids", () => {
  const longAgo = () => new Date(Date.now() - t.app.deps.config.moneyRecoveryAfterMs - 1000);

  it("lets go of a hold made for a bid whose process stopped before it was placed, found by the bid's key", async () => {
    const { propertyId } = await listing("way/1", 50_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 600)).json().data.bid;
    const intent = await intentOf(placed.bidId);
    // As a crash right after the hold would have left it: holding, the intent's id never noted.
    await db()
      .update(bids)
      .set({ status: "holding", paymentIntentId: null, updatedAt: longAgo() })
      .where(eq(bids.id, placed.bidId));
    expect((await runJobOnce(t.app.deps, recoverBids)).done).toBe(1);
    const [row] = await db().select().from(bids).where(eq(bids.id, placed.bidId));
    expect(row).toMatchObject({ status: "failed", paymentIntentId: intent?.id });
    expect(row?.holdReleasedAt).not.toBeNull();
    expect((await intentOf(placed.bidId))?.status).toBe("canceled");
  });

  it("completes a sale whose process stopped after the capture", async () => {
    const buildingId = "way/1";
    const { seller, propertyId } = await listing(buildingId, 50_000);
    const b = await bidder();
    const placed = (await bid(b.token, propertyId, 600)).json().data.bid;
    const intent = await intentOf(placed.bidId);
    await t.app.deps.gateway.capturePaymentIntent({
      id: intent?.id ?? "",
      idempotencyKey: `bid-capture:${placed.bidId}`,
    });
    await db()
      .update(bids)
      .set({ status: "accepting", updatedAt: longAgo() })
      .where(eq(bids.id, placed.bidId));
    expect((await runJobOnce(t.app.deps, recoverBids)).done).toBe(1);
    expect((await ownerOf(buildingId))?.ownerId).toBe(b.userId);
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(60_000 - 500);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("deleting an account", () => {
  it("withdraws the player's own bids and releases the bids on their buildings, letting the holds go", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const leaving = await bidder();
    const staying = await bidder();
    const gone = (await bid(leaving.token, propertyId, 600)).json().data.bid;
    const kept = (await bid(staying.token, propertyId, 610)).json().data.bid;
    expect(
      (await t.call("DELETE", `/api/v1/users/${leaving.userId}`, { token: leaving.token })).statusCode,
    ).toBe(200);
    expect((await intentOf(gone.bidId))?.status).toBe("canceled");
    expect(
      (await list(seller.token, "owner")).bidList.find((x: { bidId: string }) => x.bidId === gone.bidId),
    ).toMatchObject({ status: "cancelled" });

    expect(
      (await t.call("DELETE", `/api/v1/users/${seller.userId}`, { token: seller.token })).statusCode,
    ).toBe(200);
    expect((await list(staying.token, "bidder")).bidList[0]).toMatchObject({
      bidId: kept.bidId,
      status: "released",
    });
    expect((await intentOf(kept.bidId))?.status).toBe("canceled");
    expect(await ownerOf("way/1")).toMatchObject({ ownerId: null, forSale: false });
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("GET /api/v1/properties/bids", () => {
  it("needs a type and pages", async () => {
    const b = await bidder();
    const missing = await t.call("GET", "/api/v1/properties/bids", { token: b.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^type/);
    const page = await t.call("GET", "/api/v1/properties/bids?type=bidder&limit=1&offset=0", {
      token: b.token,
    });
    expect(page.json().data).toEqual({ totalCount: 0, bidList: [] });
    expect((await t.call("GET", "/api/v1/properties/bids?type=owner")).statusCode).toBe(401);
  });

  it("narrows the owner's list to one building's bids in one status", async () => {
    const { seller, propertyId } = await listing("way/1", 50_000);
    const first = await bidder();
    const second = await bidder();
    expect((await bid(first.token, propertyId, 600)).statusCode).toBe(200);
    expect((await bid(second.token, propertyId, 700)).statusCode).toBe(200);
    const declined = (await list(seller.token, "owner")).bidList.find(
      (b: Bid) => b.bidderId === first.userId,
    );
    expect((await post("reject-bid", seller.token, { bidId: declined.bidId })).statusCode).toBe(200);
    const get = async (query: string) =>
      (await t.call("GET", `/api/v1/properties/bids?type=owner&${query}`, { token: seller.token })).json();
    const pending = await get("buildingId=way%2F1&status=pending");
    expect(pending.data.totalCount).toBe(1);
    expect(pending.data.bidList[0]).toMatchObject({ bidAmount: 700, status: "pending" });
    expect((await get("buildingId=way%2F1")).data.totalCount).toBe(2);
    expect((await get("buildingId=way%2F2&status=pending")).data).toEqual({ totalCount: 0, bidList: [] });
    expect((await get("status=later")).statusCode).toBe(400);
  });
});

describe("the catalogue", () => {
  it("has the sample buildings", async () => {
    const [row] = await db().select({ n: count() }).from(buildings);
    expect(row?.n).toBe(3);
  });
});
