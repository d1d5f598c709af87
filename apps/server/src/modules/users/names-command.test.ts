import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runNamesCommand } from "./names-command";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const run = async () => {
  const lines: string[] = [];
  const code = await runNamesCommand(t.app.deps.db, ["check"], (line) => lines.push(line));
  return { code, lines };
};

describe("npm run names -- check", () => {
  it("says so when every stored name is fit to show", async () => {
    await signUp(t);
    expect(await run()).toEqual({ code: 0, lines: ["Every stored name is fit to show."] });
  });

  it("lists names stored before the rules, with the reason, and changes none of them", async () => {
    const poser = await signUp(t);
    const { db } = t.app.deps;
    await db
      .update(users)
      .set({ userName: "Admin", fullName: "Ann\u202Eevil" })
      .where(eq(users.id, poser.userId));
    await giveBuilding(db, "way/1", poser.userId, 100_000);
    await db
      .update(properties)
      .set({ customName: "www.gold.example" })
      .where(eq(properties.buildingId, "way/1"));
    const { code, lines } = await run();
    expect(code).toBe(1);
    expect(lines[0]).toBe("3 stored names to review (nothing was changed):");
    expect(lines).toContain(
      `username of ${poser.userId}: "Admin" must not look like an official Manhattan Exchange account (admin, support, moderator, staff, official)`,
    );
    expect(lines).toContain(
      `full name of ${poser.userId}: "Ann\\u202eevil" must not contain text-direction controls (such as U+202E)`,
    );
    expect(lines).toContain('building name of way/1: "www.gold.example" must not contain a web address');
    const [row] = await db.select().from(users).where(eq(users.id, poser.userId));
    expect(row).toMatchObject({ userName: "Admin", fullName: "Ann\u202Eevil" });
  });
});
