import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/buildings";
import { type DevelopmentState, developments } from "../../db/schema/developments";
import { auditLog } from "../../db/schema/ops";
import { collection, giveBuilding, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditsOfPlayer, giveCredits } from "../../test/offerwall";
import { signUpOperator } from "../../test/operators";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { settleDueDevelopments } from "../developments/construction";
import { recoverDevelopment } from "../developments/recover-developments";

let t: TestApp;
let next = 700;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

/** A new building owned by a new player with a card, at `priceCents`. */
async function ownedBuilding(priceCents = 100_000) {
  const player = await signUp(t);
  await addCard(t, player.token);
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.97 + next * 0.0001, 40.77)]));
  await importBuildings(db(), records, format);
  await giveBuilding(db(), id, player.userId, priceCents);
  return { player, id };
}

async function develop(token: string, propertyId: string, kind: string, credits?: number) {
  const res = await t.call("POST", "/api/v1/properties/develop", {
    token,
    body: { propertyId, kind, ...(credits === undefined ? {} : { credits }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await db()
    .select()
    .from(developments)
    .where(and(eq(developments.buildingId, propertyId), eq(developments.kind, kind)));
  if (!row) throw new Error("no development");
  return row;
}

/** Moves the clock past the end of the building's construction, and settles it. */
async function finishConstruction(buildingId: string) {
  const past = sql`now() - interval '1 second'`;
  await db()
    .update(developments)
    .set({ completesAt: past })
    .where(and(eq(developments.buildingId, buildingId), eq(developments.state, "constructing")));
  await db().update(properties).set({ constructingUntil: past }).where(eq(properties.buildingId, buildingId));
  t.app.hot.clear();
  await settleDueDevelopments(db(), [buildingId]);
}

const refund = (token: string, id: string, body: unknown = { reason: "charged by mistake" }) =>
  t.call("POST", `/api/v1/ops/developments/${id}/refund`, { token, body });
const building = async (id: string) =>
  (await db().select().from(properties).where(eq(properties.buildingId, id)))[0];
const stateOf = async (id: string): Promise<DevelopmentState | undefined> =>
  (await db().select().from(developments).where(eq(developments.id, id)))[0]?.state;
const refundedAtProcessor = async (intentId: string | null) =>
  (
    await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId ?? ""))
  )[0]?.refundedCents;

describe("refunding a development in the console", () => {
  it("takes back a building's latest finished level, its value and its charge, one at a time", async () => {
    const finance = await signUpOperator(t, "finance");
    const support = await signUpOperator(t, "support");
    const { player, id } = await ownedBuilding(100_000);
    const facade = await develop(player.token, id, "facade");
    await finishConstruction(id);
    const garden = await develop(player.token, id, "garden");
    await finishConstruction(id);
    expect((await building(id))?.developmentLevel).toBe(2);
    const valueAfterFacade = 100_000 + facade.costCents;

    // Support moves no money; a reason is needed.
    expect((await refund(support.token, garden.id)).statusCode).toBe(403);
    expect((await refund(finance.token, garden.id, {})).statusCode).toBe(400);
    // Only the latest development.
    const older = await refund(finance.token, facade.id);
    expect(older.statusCode).toBe(409);
    expect(older.json().message).toContain("latest development");

    const done = await refund(finance.token, garden.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      developmentId: garden.id,
      status: "refunded",
      refundedCents: garden.totalCents,
    });
    expect(await stateOf(garden.id)).toBe("refunded");
    expect(await building(id)).toMatchObject({ developmentLevel: 1, priceCents: valueAfterFacade });
    expect(await refundedAtProcessor(garden.paymentIntentId)).toBe(garden.totalCents);
    await agree();

    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, garden.id));
    expect(row).toMatchObject({
      action: "development.refund",
      targetType: "development",
      actorId: finance.userId,
      actorRole: "finance",
      before: expect.objectContaining({ status: "completed", developmentLevel: 2 }),
      after: expect.objectContaining({
        status: "refunding",
        developmentLevel: 1,
        priceCents: valueAfterFacade,
      }),
    });

    // Refunded once: again is refused. The facade is the latest now.
    expect((await refund(finance.token, garden.id)).statusCode).toBe(409);
    expect((await refund(finance.token, facade.id)).statusCode).toBe(200);
    expect(await building(id)).toMatchObject({ developmentLevel: 0, priceCents: 100_000 });
    await agree();

    // The owner's statement shows both refunds; the building can be developed again.
    const year = new Date().getUTCFullYear();
    const statement = await t.call("GET", `/api/v1/users/statement?year=${year}&format=json`, {
      token: player.token,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const rows = statement.json().data.rows as { kind: string; card: number }[];
    expect(rows.filter((r) => r.kind === "refund").map((r) => r.card)).toEqual([
      garden.totalCents / 100,
      facade.totalCents / 100,
    ]);
    const portfolio = await t.call("GET", "/api/v1/users/portfolio", { token: player.token });
    expect(portfolio.json().data.holdings[0]).toMatchObject({ developments: [], invested: 0 });
    await develop(player.token, id, "facade");
  });

  it("cancels a construction under way, and gives back the credits it used", async () => {
    const admin = await signUpOperator(t, "admin");
    const { player, id } = await ownedBuilding(100_000);
    await giveCredits(t, player.userId, 5_000);
    const before = (await creditsOfPlayer(t, player.token)).balance;
    const facade = await develop(player.token, id, "facade", 30);
    expect((await creditsOfPlayer(t, player.token)).balance).toBe(before - 30);

    const done = await refund(admin.token, facade.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await building(id)).toMatchObject({
      developmentLevel: 0,
      priceCents: 100_000,
      constructingUntil: null,
    });
    expect(await refundedAtProcessor(facade.paymentIntentId)).toBe(facade.totalCents - 3_000);
    expect((await creditsOfPlayer(t, player.token)).balance).toBe(before);
    await agree();
  });

  it("refuses while the building is for sale or bids wait on it, and an unknown development", async () => {
    const finance = await signUpOperator(t, "finance");
    const { player, id } = await ownedBuilding(100_000);
    const facade = await develop(player.token, id, "facade");
    await finishConstruction(id);
    await db()
      .update(properties)
      .set({ forSale: true, askCents: 200_000 })
      .where(eq(properties.buildingId, id));
    const listed = await refund(finance.token, facade.id);
    expect(listed.statusCode).toBe(409);
    expect(listed.json().message).toContain("for sale");
    expect(await stateOf(facade.id)).toBe("completed");
    // A bid waiting on it still refuses once the sale is no longer listed.
    const bidder = await signUp(t);
    const card = await addCard(t, bidder.token);
    const [listedRow] = await db().select().from(properties).where(eq(properties.buildingId, id));
    const bid = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: bidder.token,
      body: { propertyId: listedRow?.id, bidAmount: 2_100, paymentMethodId: card, isApplePay: false },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    await db()
      .update(properties)
      .set({ forSale: false, askCents: null })
      .where(eq(properties.buildingId, id));
    const waiting = await refund(finance.token, facade.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain("Bids wait");
    expect(await building(id)).toMatchObject({ developmentLevel: 1 });

    const other = await ownedBuilding(100_000);
    const sold = await develop(other.player.token, other.id, "facade");
    await finishConstruction(other.id);
    await db().update(properties).set({ ownerId: player.userId }).where(eq(properties.buildingId, other.id));
    expect((await refund(finance.token, sold.id)).statusCode).toBe(409);

    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await refund(finance.token, unknown)).statusCode).toBe(404);
    expect((await refund(finance.token, "not-an-id")).statusCode).toBe(404);
    await agree();
  });

  it("is finished by recovery when it stops after the building was undone, under the same refund key", async () => {
    const finance = await signUpOperator(t, "finance");
    const { player, id } = await ownedBuilding(100_000);
    const facade = await develop(player.token, id, "facade");
    await finishConstruction(id);
    const gateway = t.app.deps.gateway;
    const refundAtProcessor = gateway.refund;
    gateway.refund = async () => {
      throw new Error("the processor could not be reached");
    };
    try {
      expect((await refund(finance.token, facade.id)).statusCode).toBe(500);
    } finally {
      gateway.refund = refundAtProcessor;
    }
    expect(await stateOf(facade.id)).toBe("refunding");
    expect(await building(id)).toMatchObject({ developmentLevel: 0, priceCents: 100_000 });
    // A refund stopped midway is no longer one the console starts again.
    expect((await refund(finance.token, facade.id)).statusCode).toBe(409);

    const later = new Date(Date.now() + 10 * 60_000);
    expect(await recoverDevelopment(t.app.deps, facade.id, later)).toBe("refunded");
    expect(await stateOf(facade.id)).toBe("refunded");
    expect(await refundedAtProcessor(facade.paymentIntentId)).toBe(facade.totalCents);
    await agree();
  });
});
