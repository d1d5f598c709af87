import { sendPostback, sweepPostbacks } from "@mx/sandbox/postbacks";
import { sandboxOfferPostbacks } from "@mx/sandbox/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

/*
 * The sandbox partner sends its postbacks from its own queue (in the sandbox's schema), not from the product's
 * outbox: they wait for their time, survive a lost timer and are tried again while this server cannot be reached.
 */

let slow: TestApp;
beforeAll(async () => {
  // The postback's time is a minute away: only a sweep after it is made due delivers it here.
  slow = await createTestApp({ offerwall: { ...testConfig().offerwall, sandboxDelayMs: 60_000 } });
  await slow.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => slow.close());

const postbacks = () =>
  slow.app.deps.db.select().from(sandboxOfferPostbacks).orderBy(sandboxOfferPostbacks.createdAt);
const makeDue = (id: string) =>
  slow.app.deps.db
    .update(sandboxOfferPostbacks)
    .set({ notBefore: sql`now()` })
    .where(eq(sandboxOfferPostbacks.id, id));

describe("the sandbox offer wall's postback", () => {
  it("waits in the partner's queue for its time, survives a lost timer, and is delivered by the sweep", async () => {
    const player = await signUp(slow);
    const done = await slow.call("POST", "/api/v1/offerwall/sandbox/complete", {
      token: player.token,
      body: { offerId: "survey-parks" },
    });
    expect(done.statusCode).toBe(200);
    const [row] = await postbacks();
    expect(row).toMatchObject({ state: "queued", attempts: 0, path: "/api/v1/offerwall/postback/sandbox" });
    expect(row?.notBefore.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due: nothing sent. Once due (as after a restart that lost the timer), the sweep calls the endpoint.
    await sweepPostbacks(slow.app.deps.db);
    expect((await postbacks())[0]).toMatchObject({ state: "queued" });
    await makeDue(row?.id ?? "");
    expect(await sweepPostbacks(slow.app.deps.db)).toEqual([]);
    expect((await postbacks())[0]).toMatchObject({ state: "sent", attempts: 1 });
    const wall = (await slow.call("GET", "/api/v1/offerwall", { token: player.token })).json().data;
    expect(wall.completed[0]).toMatchObject({
      offerName: "City parks survey",
      status: "credited",
      credited: 2.5,
    });
  });

  it("is tried again while this server cannot be reached", async () => {
    const id = "unreachable-1";
    await slow.app.deps.db
      .insert(sandboxOfferPostbacks)
      .values({ id, base: "http://127.0.0.1:1", path: "/nowhere", params: { a: "1" } });
    await expect(sendPostback(slow.app.deps.db, id, { fromSweep: true })).rejects.toThrow();
    const [row] = (await postbacks()).filter((r) => r.id === id);
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    expect(row?.notBefore.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
