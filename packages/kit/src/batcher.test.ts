import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Batcher, failed, settleEach, succeeded } from "./batcher";

/** A batcher that records its batches and answers each number with its double (odd numbers fail). */
function doubling(options = { maxSize: 100, maxRunning: 1 }) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const batcher = new Batcher<number, number>(async (items) => {
    batches.push(items);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return items.map((n) => (n % 2 === 0 ? succeeded(n * 2) : failed(new Error(`odd ${n}`))));
  }, options);
  return {
    batcher,
    batches,
    holdNext: () => {
      hold = true;
    },
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe("Batcher", () => {
  it("runs a lone item at once, as a batch of one", async () => {
    const { batcher, batches } = doubling();
    expect(await batcher.load(4)).toBe(8);
    expect(batches).toEqual([[4]]);
  });

  it("puts items loaded together into one batch, and answers each with its own outcome", async () => {
    const { batcher, batches } = doubling();
    const results = await Promise.allSettled([2, 3, 6].map((n) => batcher.load(n)));
    expect(batches).toEqual([[2, 3, 6]]);
    expect(batcher.stats).toEqual({ batches: 1, items: 3 });
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      4,
      "odd 3",
      12,
    ]);
  });

  it("queues what arrives while the batches allowed are running, and runs it as the next batch", async () => {
    const { batcher, batches, holdNext, release } = doubling();
    holdNext();
    const first = batcher.load(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[2]]);
    const later = [4, 6, 8].map((n) => batcher.load(n));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toHaveLength(1);
    expect(batcher.waiting).toBe(3);
    release();
    expect(await first).toBe(4);
    expect(await Promise.all(later)).toEqual([8, 12, 16]);
    expect(batches).toEqual([[2], [4, 6, 8]]);
  });

  it("never makes a batch larger than maxSize, and runs up to maxRunning at once", async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items.map((n) => succeeded(n));
      },
      { maxSize: 3, maxRunning: 2 },
    );
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.load(i)));
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
    expect(most).toBe(2);
  });

  it("fails every item of a batch whose run throws, and goes on with the next batch", async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error("database gone");
        return items.map((n) => succeeded(n));
      },
      { maxSize: 10, maxRunning: 1 },
    );
    const first = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    expect(first.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await batcher.load(3)).toBe(3);
  });

  it("with retryAlone, runs a failed batch again item by item, so only the culprit fails", async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        if (items.includes(13)) throw new Error("unlucky");
        return items.map((n) => succeeded(n));
      },
      { maxSize: 10, maxRunning: 1, retryAlone: true },
    );
    const results = await Promise.allSettled([1, 13, 2].map((n) => batcher.load(n)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it("refuses a run that answers the wrong number of outcomes", async () => {
    const batcher = new Batcher<number, number>(async () => [succeeded(1)], { maxSize: 10, maxRunning: 1 });
    const results = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
  });
});

describe("settleEach", () => {
  it("keeps each failure to its own item", async () => {
    const outcomes = await settleEach([1, 2, 3], async (n) => {
      if (n === 2) throw new Error("two");
      return n * 10;
    });
    expect(outcomes).toEqual([succeeded(10), failed(new Error("two")), succeeded(30)]);
  });

  it("answers a held batch's items at once, and starts the next batch only when the hold ends", async () => {
    const batches: number[][] = [];
    let endHold: () => void = () => {};
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((n) => succeeded(n));
      },
      { maxSize: 100, maxRunning: 1, holdSlot: () => new Promise<void>((done) => (endHold = done)) },
    );
    expect(await batcher.load(1)).toBe(1);
    const later = [batcher.load(2), batcher.load(3)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first batch's place is still taken: the two wait, together.
    expect(batches).toEqual([[1]]);
    expect(batcher.waiting).toBe(2);
    endHold();
    expect(await Promise.all(later)).toEqual([2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });
});

describe("Batcher with gather", () => {
  /** A batcher that records its batches, waiting up to `waitMs` for company while `busy` says so. */
  function gathering(busy: () => boolean | number, { waitMs = 2, maxSize = 100, maxRunning = 1 } = {}) {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((n) => succeeded(n));
      },
      { maxSize, maxRunning, gather: { waitMs, busy } },
    );
    return { batcher, batches };
  }

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "performance"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a lone item at once when nothing else is in flight", async () => {
    const { batcher, batches } = gathering(() => false);
    const one = batcher.load(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1]]);
    expect(await one).toBe(1);
  });

  it("runs a lone item at once when the only request in flight is its own", async () => {
    const { batcher, batches } = gathering(() => 1);
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1]]);
  });

  it("while busy, gathers items arriving 0.5 ms apart within waitMs into one batch", async () => {
    const { batcher, batches } = gathering(() => true);
    const loads = [batcher.load(1)];
    for (const n of [2, 3, 4]) {
      await vi.advanceTimersByTimeAsync(0.5);
      expect(batches).toEqual([]);
      loads.push(batcher.load(n));
    }
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(await Promise.all(loads)).toEqual([1, 2, 3, 4]);
    expect(batcher.stats).toEqual({ batches: 1, items: 4 });
  });

  it("waits no longer than waitMs from its oldest item, then gathers the next batch anew", async () => {
    const { batcher, batches } = gathering(() => true, { waitMs: 3 });
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([[1]]);
    batcher.load(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([[1], [2]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts as soon as maxSize items are queued", async () => {
    const { batcher, batches } = gathering(() => true, { waitMs: 50, maxSize: 3 });
    for (const n of [1, 2, 3, 4]) {
      batcher.load(n);
      await vi.advanceTimersByTimeAsync(0.5);
    }
    expect(batches).toEqual([[1, 2, 3]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it("starts as soon as every request in flight has its item queued", async () => {
    const { batcher, batches } = gathering(() => 3, { waitMs: 50 });
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(0.5);
    batcher.load(2);
    await vi.advanceTimersByTimeAsync(0.5);
    expect(batches).toEqual([]);
    batcher.load(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("with waitMs 0, runs what arrived within one turn, as without gather", async () => {
    const { batcher, batches } = gathering(() => true, { waitMs: 0 });
    batcher.load(1);
    batcher.load(2);
    await vi.advanceTimersByTimeAsync(0.5);
    batcher.load(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  /** A batcher whose first batch runs until `release` is called, waiting for company while `busy` says so. */
  function heldFirst(busy: () => boolean | number, { holdSlot = true } = {}) {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((done) => (release = done));
        return items.map((n) => succeeded(n));
      },
      {
        maxSize: 100,
        maxRunning: 1,
        gather: { waitMs: 2, busy },
        // Held until the items' further work is over (none here): the batch ends as their requests are answered.
        ...(holdSlot ? { holdSlot: async () => {} } : {}),
      },
    );
    return { batcher, batches, release: () => release() };
  }

  it("after a batch ends, waits for the requests it answered to join the items that waited behind it", async () => {
    // Two requests in flight, both queued behind the running batch: the one it answered is not in flight now.
    const { batcher, batches, release } = heldFirst(() => 2);
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([[1]]);
    batcher.load(2);
    batcher.load(3);
    await vi.advanceTimersByTimeAsync(5);
    expect(batches).toEqual([[1]]);
    release();
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1]]);
    // The request the first batch answered comes back: every expected item is there, and the batch starts.
    batcher.load(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("after a batch ends, waits no longer than waitMs for the requests it answered", async () => {
    const { batcher, batches, release } = heldFirst(() => 2);
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(2);
    batcher.load(2);
    batcher.load(3);
    release();
    await vi.advanceTimersByTimeAsync(1.5);
    expect(batches).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(0.5);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("after a batch not held for its items' further work, starts those that waited behind it at once", async () => {
    const { batcher, batches, release } = heldFirst(() => 2, { holdSlot: false });
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(2);
    batcher.load(2);
    batcher.load(3);
    await vi.advanceTimersByTimeAsync(5);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("after a lone item's batch, runs the next lone item at once", async () => {
    const { batcher, batches, release } = heldFirst(() => 1);
    batcher.load(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1]]);
    release();
    await vi.advanceTimersByTimeAsync(0.5);
    batcher.load(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[1], [2]]);
  });
});
