import { WAITING_PAYMENT_MINUTES } from "@mx/shared/constants";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildings } from "../../db/schema/buildings";
import { paymentHolds } from "../../db/schema/payment-holds";
import { collection, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";

/** Waiting payments cost something: a lapsed hold keeps its building from its player for a day, and a day allows 10. */
const IDS = Array.from({ length: 20 }, (_, k) => `way/${300 + k}`);
const WAIT_MS = WAITING_PAYMENT_MINUTES * 60_000;
const DAY_MS = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ holds: { cooldownHours: 24, waitingPaymentsPerDay: 10 } });
  const { records, format } = parseFootprints(
    collection(
      IDS.map((id, k) => osmFeature(id, -73.98 + (k % 10) * 0.001, 40.75 + Math.floor(k / 10) * 0.001)),
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
/** Moves the server's clock on (Date only). */
let shift = 0;
const later = (ms: number) => {
  shift += ms;
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
};

describe("holds that cost something", () => {
  it("keeps a building whose hold lapsed from its player for 24 hours, by PayPal or card; others may buy it", async () => {
    const holder = await signUp(t);
    await addCard(t, holder.token);
    const [x = "", y = ""] = IDS;
    const details = async (token: string) =>
      (await t.call("GET", `/api/v1/properties/checkPropertyDetails?text=${x}`, { token })).json().data
        .propertyDetails[0];
    const other = await signUp(t);
    expect(await details(other.token)).toMatchObject({ status: "available" });
    const startedAt = Date.now();
    expect((await buy(holder.token, x, "paypal")).statusCode).toBe(202);
    // Every other player sees it held, until when, and not available.
    const held = await details(other.token);
    expect(held.status).toBe("held");
    expect(held.heldUntil * 1000).toBeGreaterThanOrEqual(startedAt + WAIT_MS - 1_000);
    expect(held.heldUntil * 1000).toBeLessThanOrEqual(Date.now() + WAIT_MS + 1_000);
    later(WAIT_MS + 1_000);
    for (const method of ["paypal", undefined]) {
      const again = await buy(holder.token, x, method);
      expect(again.statusCode, method).toBe(409);
      expect(again.json().message).toMatch(
        /^Your hold on this building lapsed without payment, so you cannot hold it again until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
      );
    }
    // Another building is theirs to hold, and the lapsed one is anyone else's to buy.
    expect((await buy(holder.token, y, "paypal")).statusCode).toBe(202);
    expect((await buy(other.token, x, "paypal")).statusCode).toBe(202);
    // A day on, the holder may hold it again (here: once the other buyer's own hold has lapsed).
    later(DAY_MS);
    expect((await buy(holder.token, x, "paypal")).statusCode).toBe(202);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("lets a player start at most 10 waiting payments a day, then refuses with 429 until a day has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + shift + DAY_MS });
    const player = await signUp(t);
    const targets = IDS.slice(5, 17);
    let started = 0;
    for (const id of targets.slice(0, 10)) {
      // At most 3 wait at once: the earlier ones lapse first.
      if (started > 0 && started % 3 === 0) vi.setSystemTime(Date.now() + WAIT_MS + 1_000);
      const res = await buy(player.token, id, "paypal");
      expect(res.statusCode, id).toBe(202);
      started += 1;
    }
    vi.setSystemTime(Date.now() + WAIT_MS + 1_000);
    const refused = await buy(player.token, targets[10] ?? "", "paypal");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have started 10 payments that wait for your approval (PayPal or your bank) in the last 24 hours, as many as a day allows. Pay by a card that needs no approval, or try again tomorrow.",
    );
    expect(await db().select().from(paymentHolds).where(eq(paymentHolds.userId, player.userId))).toHaveLength(
      10,
    );
    vi.setSystemTime(Date.now() + DAY_MS);
    expect((await buy(player.token, targets[10] ?? "", "paypal")).statusCode).toBe(202);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });
});
