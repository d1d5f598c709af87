import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { importSampleCity } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { hasPlayers, seedDemo } from "./seed-demo";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe("seedDemo", () => {
  it("waits for a catalogue, then adds the demo players once", async () => {
    expect(await seedDemo(database.db)).toEqual({ players: 0, buildings: 0 });
    expect(await hasPlayers(database.db)).toBe(false);
    await importSampleCity(database.db);
    expect((await seedDemo(database.db)).players).toBe(4);
    expect(await seedDemo(database.db)).toEqual({ players: 0, buildings: 0 });
  });
});
