import { describe, expect, it, vi } from "vitest";
import { HotCache } from "./hot-cache";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("HotCache refreshed ahead", () => {
  it("answers an entry past its refresh age at once while one load replaces it", async () => {
    const cache = new HotCache<number>({ maxEntries: 10, maxAgeMs: 1_000, refreshAfterMs: 30 });
    let loads = 0;
    let release = () => {};
    const load = async () => {
      loads += 1;
      if (loads > 1) await new Promise<void>((resolve) => (release = resolve));
      return loads;
    };
    expect(await cache.get("k", load)).toBe(1);
    await pause(40);
    // Past the refresh age: the old answer, and one load in the background however many ask.
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
    expect(loads).toBe(2);
    release();
    await pause(5);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("never answers an entry after an invalidation, nor keeps a refresh that started before it", async () => {
    const cache = new HotCache<string>({ maxEntries: 10, maxAgeMs: 1_000, refreshAfterMs: 10 });
    let value = "old";
    let release = () => {};
    let slow = false;
    const load = async () => {
      const seen = value;
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    };
    expect(await cache.get("k", load)).toBe("old");
    await pause(20);
    slow = true;
    // A background refresh reads "old", then the change comes and is announced.
    expect(await cache.get("k", load)).toBe("old");
    value = "new";
    cache.clear();
    release();
    slow = false;
    await pause(5);
    expect(await cache.get("k", load)).toBe("new");
  });

  it("drops an entry at its maximum age even if no refresh came", async () => {
    const cache = new HotCache<number>({ maxEntries: 10, maxAgeMs: 30 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    await pause(40);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("peeks at a fresh entry only: nothing loaded, nothing stale or due for a refresh, nothing forgotten", async () => {
    const cache = new HotCache<string>({ maxEntries: 10, maxAgeMs: 1_000, refreshAfterMs: 30 });
    expect(cache.peek("k")).toBeUndefined();
    await cache.get(
      "k",
      async () => "v",
      () => ({ tags: ["t"] }),
    );
    const hits = cache.hits;
    expect(cache.peek("k")).toBe("v");
    expect(cache.hits).toBe(hits + 1);
    cache.invalidateTag("t");
    expect(cache.peek("k")).toBeUndefined();
    await cache.get("k", async () => "w");
    await pause(40);
    // Due for its refresh: left to `get`, which answers it and starts the refresh; peeked at meanwhile.
    expect(cache.peek("k")).toBeUndefined();
    let finish = (_value: string) => {};
    expect(await cache.get("k", () => new Promise<string>((resolve) => (finish = resolve)))).toBe("w");
    expect(cache.peek("k")).toBe("w");
    finish("x");
    await pause(5);
    expect(cache.peek("k")).toBe("x");
    expect(cache.size).toBe(1);
  });

  it("lets the least recently used entry go when full, a read counting once a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new HotCache<string>({ maxEntries: 2, maxAgeMs: 60_000 });
      await cache.get("a", async () => "a");
      await cache.get("b", async () => "b");
      vi.advanceTimersByTime(1_500);
      expect(cache.peek("a")).toBe("a");
      await cache.get("c", async () => "c");
      expect(cache.peek("b")).toBeUndefined();
      expect(cache.peek("a")).toBe("a");
      vi.advanceTimersByTime(1_500);
      expect(await cache.get("c", async () => "again")).toBe("c");
      await cache.get("d", async () => "d");
      expect(cache.peek("a")).toBeUndefined();
      expect(cache.peek("c")).toBe("c");
    } finally {
      vi.useRealTimers();
    }
  });
});
