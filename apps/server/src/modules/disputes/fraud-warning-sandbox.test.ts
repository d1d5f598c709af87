import { randomUUID } from "node:crypto";
import { deliverSandboxNotices } from "@mx/sandbox/notices";
import { sandboxNotices, sandboxPaymentIntents } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { fraudWarnings } from "../../db/schema/disputes";
import { paymentCustomers } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";
import { users } from "../../db/schema/users";
import { collection, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { RESTRICTION_REASONS, restrictedRefusal } from "../auth/restriction";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { processorNotices } from "../webhooks/processor-notices";

/** The sandbox's own card: the charge succeeds, then the issuer raises an early fraud warning on it. */
const WARNED = "4000 0000 0000 8005";

let t: TestApp;
let next = 950;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.deps.db;
const deliver = () => deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));

async function newBuilding(): Promise<{ id: string; base: number }> {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.95 + next * 0.0001, 40.79)]));
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

const buy = (token: string, card: string, building: { id: string; base: number }) =>
  t.call("POST", "/api/v1/properties/buy", {
    token,
    body: {
      buildingId: building.id,
      paymentMethodId: card,
      bidAmount: building.base / 100,
      isApplePay: false,
    },
  });

describe("an early fraud warning from the sandbox", () => {
  it("on a purchase with its warned card: refunded, the building back in the game, the buyer restricted", async () => {
    const buyer = await signUp(t);
    const card = await addCard(t, buyer.token, WARNED);
    const building = await newBuilding();
    const bought = await buy(buyer.token, card, building);
    expect(bought.statusCode, bought.body).toBe(200);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    const intentId = purchase?.paymentIntentId ?? "";

    await deliver();
    const [warning] = await db()
      .select()
      .from(fraudWarnings)
      .where(eq(fraudWarnings.paymentIntentId, intentId));
    expect(warning).toMatchObject({
      processor: "sandbox",
      fraudType: "unauthorized_use_of_card",
      subject: "purchase",
      outcome: "refunded",
      handledAt: expect.any(Date),
    });
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(intent?.refundedCents).toBe(purchase?.totalCents);
    const [after] = await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(after?.status).toBe("refunded");
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
    expect(property?.ownerId).toBeNull();
    const [user] = await db().select().from(users).where(eq(users.id, buyer.userId));
    expect(user?.restrictedReason).toBe(RESTRICTION_REASONS.fraudWarning);
    const again = await buy(buyer.token, card, await newBuilding());
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(
      restrictedRefusal("payments", RESTRICTION_REASONS.fraudWarning).message,
    );
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

    // Told again (the processor retries a notice), nothing changes.
    await t.app.deps.gateway.retrieveFraudWarning(warning?.processorId ?? "");
    await processorNotices(t.app.deps, t.app.log).fraudWarningRaised(warning?.processorId ?? "");
    const [intentAfter] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(intentAfter?.refundedCents).toBe(purchase?.totalCents);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });
});

// Last: the payment it leaves (charged, its purchase failed by hand) is one the money checks of the others would report.
describe("an early fraud warning told early", () => {
  it("told while the purchase it warns of is unsettled, waits in the queue; told once it has ended, is acted on as it ended", async () => {
    const buyer = await signUp(t);
    const card = await addCard(t, buyer.token, WARNED);
    const building = await newBuilding();
    // A purchase reserved and charged, as a process that stopped before settling it leaves it.
    const id = randomUUID();
    await db().insert(purchases).values({
      id,
      userId: buyer.userId,
      buildingId: building.id,
      priceCents: building.base,
      totalCents: building.base,
      status: "pending",
      paymentMethodId: card,
    });
    const [customer] = await db()
      .select({ id: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, buyer.userId));
    const intent = await t.app.deps.gateway.createPaymentIntent({
      amountCents: building.base,
      currency: "usd",
      customerId: customer?.id ?? "",
      paymentMethodId: card,
      captureMethod: "automatic",
      metadata: { operation: `purchase:${id}` },
      idempotencyKey: `purchase:${id}`,
    });
    expect(intent.status).toBe("succeeded");
    const warned = () =>
      db().select().from(fraudWarnings).where(eq(fraudWarnings.paymentIntentId, intent.id));
    const notice = async () =>
      (await db().select().from(sandboxNotices).where(eq(sandboxNotices.subject, intent.id)))[0];

    expect((await deliver()).failed).toHaveLength(1);
    expect(await warned()).toEqual([]);
    expect(await notice()).toMatchObject({ state: "queued", attempts: 1 });
    expect((await notice())?.lastError).toContain(`purchase:${id}, which is not settled yet`);

    // The purchase ends without the building (recovery refunded it): told again, the warning finds nothing bought.
    await db().update(purchases).set({ status: "failed" }).where(eq(purchases.id, id));
    await db()
      .update(sandboxNotices)
      .set({ notBefore: new Date() })
      .where(eq(sandboxNotices.subject, intent.id));
    expect((await deliver()).failed).toEqual([]);
    expect(await warned()).toMatchObject([{ outcome: "not_found" }]);
    const [player] = await db().select().from(users).where(eq(users.id, buyer.userId));
    expect(player?.restrictedReason ?? null).toBeNull();
  });
});
