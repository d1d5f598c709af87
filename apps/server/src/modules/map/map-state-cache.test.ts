import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { MapStateCache } from "./map-state-cache";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

/** A check the test lets finish when it chooses: each call of `beforeRead` waits for its own gate. */
function gatedChecks() {
  const gates: (() => void)[] = [];
  return {
    checks: () => gates.length,
    open: (i: number) => gates[i]?.(),
    beforeRead: () => new Promise<void>((resolve) => gates.push(resolve)),
  };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), ms))]);

describe("the overlay's freshness check", () => {
  it("runs once for readers that arrive together, who are all answered from memory while it runs", async () => {
    const gated = gatedChecks();
    const cache = new MapStateCache(t.app.deps.db, 20, gated.beforeRead);
    const first = cache.current();
    gated.open(0);
    const known = await first;
    await new Promise((r) => setTimeout(r, 30));

    const readers = Array.from({ length: 16 }, () => cache.current());
    expect(await settledWithin(Promise.all(readers), 200)).toBe(true);
    expect(gated.checks()).toBe(2);
    for (const reader of readers) expect((await reader).etag).toBe(known.etag);
    gated.open(1);
  });

  it("makes a reader who heard a change wait for a check that began after it, and shows the change", async () => {
    const gated = gatedChecks();
    const cache = new MapStateCache(t.app.deps.db, 20, gated.beforeRead);
    const first = cache.current();
    gated.open(0);
    const before = await first;
    await new Promise((r) => setTimeout(r, 30));

    // A check begins, then a player's purchase is heard while it runs.
    const during = cache.current();
    expect(gated.checks()).toBe(2);
    const buyer = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/3", buyer.userId, 70_000);
    cache.markStale();
    const after = cache.current();
    expect(gated.checks()).toBe(3);
    expect(await settledWithin(after, 100)).toBe(false);

    gated.open(1);
    gated.open(2);
    expect((await during).etag).toBe(before.etag);
    const seen = await after;
    expect(seen.etag).not.toBe(before.etag);
    expect(seen.state.owned.length).toBe(before.state.owned.length + 2);
  });

  it("lets the front door peek only while memory may answer: made, fresh, and no change heard", async () => {
    const cache = new MapStateCache(t.app.deps.db, 60_000);
    expect(cache.peek("pairs")).toBeNull();
    const pairs = await cache.readyPairs();
    expect(cache.peek("pairs")).toBe(pairs);
    // The delta form is made on its first request only.
    expect(cache.peek("delta")).toBeNull();
    const delta = await cache.encodedDelta();
    expect(cache.peek("delta")).toBe(delta);
    cache.markStale();
    expect(cache.peek("pairs")).toBeNull();
    expect(cache.peek("delta")).toBeNull();
    await cache.readyPairs();
    expect(cache.peek("pairs")).not.toBeNull();
  });
});
