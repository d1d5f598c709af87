import { sandboxPaymentIntents, sandboxPaypalOrders } from "@mx/sandbox/schema";
import { MAX_WAITING_PAYMENTS, WAITING_PAYMENT_MINUTES } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { recoverBid } from "../bids/recover-bids";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { orderIdOf } from "./paypal-gateway";

/** Enough buildings for a hostile player's 40 requests and the honest players' purchases besides. */
const IDS = Array.from({ length: 60 }, (_, k) => `way/${100 + k}`);
const WAIT_MS = WAITING_PAYMENT_MINUTES * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { records, format } = parseFootprints(
    collection(
      IDS.map((id, k) => osmFeature(id, -73.99 + (k % 10) * 0.001, 40.74 + Math.floor(k / 10) * 0.001)),
    ),
  );
  await importBuildings(t.app.deps.db, records, format);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const base = async (id: string) =>
  (await db().select().from(buildings).where(eq(buildings.id, id)))[0]?.basePriceCents ?? 0;
const buy = async (token: string, buildingId: string, paymentMethodId?: string) =>
  t.call("POST", "/api/v1/properties/buy", {
    token,
    body: {
      buildingId,
      bidAmount: (await base(buildingId)) / 100,
      ...(paymentMethodId ? { paymentMethodId } : {}),
    },
  });
const waitingOf = async (userId: string) =>
  db()
    .select()
    .from(purchases)
    .where(
      and(eq(purchases.userId, userId), eq(purchases.status, "pending"), isNotNull(purchases.awaitingUntil)),
    );
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
/** Moves the server's clock (Date only: timers, sockets and the database run as they are). */
const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
};

describe("payments waiting for the player", () => {
  it("holds at most 3 of 40 PayPal purchases sent at once; an honest buyer gets a held building once they lapse", async () => {
    const hostile = await signUp(t);
    const targets = IDS.slice(0, 40);
    const replies = await Promise.all(targets.map((id) => buy(hostile.token, id, "paypal")));

    const held = replies.filter((r) => r.statusCode === 202);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(held).toHaveLength(MAX_WAITING_PAYMENTS);
    expect(refused).toHaveLength(40 - MAX_WAITING_PAYMENTS);
    for (const r of refused) expect(r.json().message).toBe(errors.tooManyWaitingPayments);
    const waiting = await waitingOf(hostile.userId);
    expect(waiting).toHaveLength(MAX_WAITING_PAYMENTS);
    // Each is held for minutes from when it began, not half an hour.
    for (const w of waiting) {
      const lasts = (w.awaitingUntil?.getTime() ?? 0) - w.createdAt.getTime();
      expect(lasts).toBeGreaterThan(WAIT_MS - 60_000);
      expect(lasts).toBeLessThanOrEqual(WAIT_MS + 60_000);
    }
    // Every other building is free, and no PayPal order of a refused purchase can ever be approved.
    expect(await db().select().from(purchases).where(eq(purchases.status, "pending"))).toHaveLength(
      MAX_WAITING_PAYMENTS,
    );

    // Meanwhile an honest buyer by card is told the building is being bought.
    const heldBuilding = waiting[0]?.buildingId ?? "";
    const honest = await signUp(t);
    await addCard(t, honest.token);
    const meanwhile = await buy(honest.token, heldBuilding);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe("Someone else is buying this building right now.");
    // Asking again (confirming before approving) renews nothing.
    const action = held[0]?.json().data;
    const before = (await waitingOf(hostile.userId)).map((w) => w.awaitingUntil?.getTime()).sort();
    expect(
      (await t.call("POST", action.confirmPath, { token: hostile.token, body: action.confirmBody }))
        .statusCode,
    ).toBe(202);
    expect((await waitingOf(hostile.userId)).map((w) => w.awaitingUntil?.getTime()).sort()).toEqual(before);
    // Nor does asking to buy a building they hold again: refused, their places being taken.
    expect((await buy(hostile.token, heldBuilding, "paypal")).statusCode).toBe(429);

    // Once the holds lapse, the honest buyer gets the building at once, without waiting for a recovery run.
    later(WAIT_MS + 1_000);
    const bought = await buy(honest.token, heldBuilding);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.property.ownerId).toBe(honest.userId);
    const [lapsed] = await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, waiting[0]?.id ?? ""));
    expect(lapsed?.status).toBe("failed");
    // The lapsed PayPal order can no longer be captured.
    const [order] = await db()
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.id, orderIdOf(lapsed?.paymentIntentId ?? "")));
    expect(order?.capturedCents).toBe(0);
    // The lapsed holds no longer count: the player may start new payments that wait for them.
    expect((await buy(hostile.token, IDS[40] ?? "", "paypal")).statusCode).toBe(202);
    await agree();
  });

  it("lets the bank's check wait for at most 3 purchases of a player; the 4th leaves its building free at once", async () => {
    const player = await signUp(t);
    await addCard(t, player.token, TEST_CARDS.authenticate);
    const targets = IDS.slice(41, 45);
    const replies = [];
    for (const id of targets) replies.push(await buy(player.token, id));
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
    expect(replies[3]?.json().message).toBe(errors.tooManyWaitingPayments);
    // The refused one's charge was cancelled before the bank could be asked, and its purchase failed.
    const [refusedPurchase] = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, player.userId), eq(purchases.buildingId, targets[3] ?? "")));
    expect(refusedPurchase?.status).toBe("failed");
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, refusedPurchase?.paymentIntentId ?? ""));
    expect(intent?.status).toBe("canceled");
    // Someone else buys it at once.
    const other = await signUp(t);
    await addCard(t, other.token);
    expect((await buy(other.token, targets[3] ?? "")).statusCode).toBe(200);
    // A plain card payment, which waits for nobody, is never refused for it.
    const visa = await addCard(t, player.token);
    expect((await buy(player.token, IDS[45] ?? "", visa)).statusCode).toBe(200);
    await agree();
  });

  it("counts bids waiting for PayPal's approval with purchases, and lets a lapsed bid hold go", async () => {
    const player = await signUp(t);
    // Two purchases waiting …
    expect((await buy(player.token, IDS[46] ?? "", "paypal")).statusCode).toBe(202);
    expect((await buy(player.token, IDS[47] ?? "", "paypal")).statusCode).toBe(202);
    // … and bids on buildings for sale: the first waits, the next is refused before PayPal is asked.
    const seller = await signUp(t);
    const listed: string[] = [];
    for (const id of IDS.slice(50, 52)) {
      await giveBuilding(db(), id, seller.userId, 40_000);
      await db()
        .update(properties)
        .set({ forSale: true, askCents: 50_000 })
        .where(eq(properties.buildingId, id));
      const [row] = await db().select().from(properties).where(eq(properties.buildingId, id));
      listed.push(row?.id ?? "");
    }
    const bid = (propertyId: string) =>
      t.call("POST", "/api/v1/properties/submit-bid", {
        token: player.token,
        body: { propertyId, bidAmount: 600, paymentMethodId: "paypal" },
      });
    const first = await bid(listed[0] ?? "");
    expect(first.statusCode).toBe(202);
    const second = await bid(listed[1] ?? "");
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(errors.tooManyWaitingPayments);
    expect(await db().select().from(bids).where(eq(bids.bidderId, player.userId))).toHaveLength(1);

    // After its minutes, recovery lets the bid's PayPal authorization go, and the player may bid again.
    later(WAIT_MS + 1_000);
    const [waitingBid] = await db().select().from(bids).where(eq(bids.bidderId, player.userId));
    await db()
      .update(bids)
      .set({ updatedAt: new Date(0) })
      .where(eq(bids.id, waitingBid?.id ?? ""));
    expect(await recoverBid(t.app.deps, waitingBid?.id ?? "", new Date())).toBe(true);
    const [after] = await db()
      .select()
      .from(bids)
      .where(eq(bids.id, waitingBid?.id ?? ""));
    expect(after?.status).toBe("failed");
    expect(after?.holdReleasedAt).not.toBeNull();
    expect((await bid(listed[1] ?? "")).statusCode).toBe(202);
    await agree();
  });
});
