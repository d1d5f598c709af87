import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/buildings";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditEarnings } from "../../test/payouts";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";

/*
 * Deleting an account takes the building locks as every money operation does (buildings first, in building order,
 * then the player's row): a development and the deletion of its owner's account at the same moment never wait for
 * each other in a circle, so neither answers 500, and the building ends the game's.
 */

let t: TestApp;
let next = 12_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

async function building(ownerId: string) {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.96 + next * 0.0001, 40.78)]));
  await importBuildings(db(), records, format);
  await giveBuilding(db(), id, ownerId, 100_000);
  return id;
}

describe("developing while deleting the account", () => {
  it("answers no 500 in 20 races, and leaves no building to the deleted account", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const p = await signUp(t);
      await addCard(t, p.token);
      // Earnings to refund, so that the deletion writes its journal while the development writes its own.
      await creditEarnings(db(), p.userId, 2_500);
      const ids = [await building(p.userId), await building(p.userId)];
      const [first, second, gone] = await Promise.all([
        t.call("POST", "/api/v1/properties/develop", {
          token: p.token,
          body: { propertyId: ids[0], kind: "facade" },
        }),
        t.call("POST", "/api/v1/properties/develop", {
          token: p.token,
          body: { propertyId: ids[1], kind: "facade" },
        }),
        t.call("DELETE", `/api/v1/users/${p.userId}`, { token: p.token }),
      ]);
      expect(gone?.statusCode, gone?.body).toBe(200);
      for (const res of [first, second]) {
        expect(res?.statusCode, res?.body).toBeLessThan(500);
        answers.push(res?.statusCode ?? 0);
      }
      for (const id of ids) {
        const [row] = await db().select().from(properties).where(eq(properties.buildingId, id));
        expect(row?.ownerId).toBeNull();
      }
    }
    expect(answers.every((status) => status < 500)).toBe(true);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });
});
