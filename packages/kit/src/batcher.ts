/** One item's outcome in a batch: its value, or the error it alone failed with. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export const succeeded = <O>(value: O): Outcome<O> => ({ ok: true, value });
export const failed = (error: unknown): Outcome<never> => ({ ok: false, error });

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void; at: number };

/**
 * How a batch that could start waits a moment for company while the server is busy (see `Batcher`). `busy` says
 * whether more items may be on their way: `false` (or `0`) starts the batch at once; `true`, to wait; or a number,
 * how many requests are in flight in all, counting those whose items already wait here: the batch then starts as
 * soon as it holds as many items, since no other request is left to bring one.
 */
export type Gather = { waitMs: number; busy: () => boolean | number };

/**
 * Runs many small requests as a few large ones. Items handed to `load` in the same turn of the event loop, and
 * every item that arrives while `maxRunning` batches are already running, go together into the next batch (at most
 * `maxSize` items). A lone request waits for nothing: it runs as a batch of one at once. So under load a hot path
 * costs one statement per batch instead of one per request, and when idle it costs what it did before.
 *
 * Requests that come over the network arrive one by one, a little apart, rarely in the same turn. With `gather`, a
 * batch that could start while the server is busy waits for company, until its oldest item has waited `waitMs`,
 * or it holds `maxSize` items, or every request in flight has its item queued, whichever comes first. Items that
 * already waited that long behind running batches start at once, but for one wait. A batch held until its items'
 * further work is over (`holdSlot`) ends about when their requests are answered, and a player's next request
 * follows their last answer: for `waitMs` after such a batch ends, the requests it answered count as on their way
 * back. So the items that waited behind it and those requests make one batch, where they would otherwise make two of
 * half the size taking turns for ever (over HTTP with 32 purchases in flight, the market bench's batches were 16–32,
 * 22 on average, over six phases of two runs without this wait, and 21–32, 28 on average, with it; the product's
 * CPU per purchase was a third higher in batches of 16 than in batches of 27–32).
 *
 * `run` answers every item in order, each with its own outcome; if it throws, every item of its batch fails with
 * that error. With `retryAlone`, a batch of several that throws is run again one item at a time, so that one
 * item's bad input cannot fail the others: only for a `run` that has written nothing when it throws.
 */
export class Batcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private running = 0;
  private scheduled = false;
  /** Ends the wait for company of the next batch (`gather`). */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The next batch's wait for company is over: it starts as soon as a place is free. */
  private waited = false;
  /** When a batch last ended, and how many items were expected then: those queued and those it answered. */
  private ended = { at: Number.NEGATIVE_INFINITY, expected: 0 };

  constructor(
    private readonly run: (items: I[]) => Promise<Outcome<O>[]>,
    private readonly options: {
      maxSize: number;
      maxRunning: number;
      retryAlone?: boolean;
      /**
       * Keeps a batch's place among the `maxRunning` after its items are answered, until this resolves: the
       * items' further work then counts as part of the batch, and requests arriving meanwhile make a larger one.
       */
      holdSlot?: (outcomes: Outcome<O>[]) => Promise<unknown>;
      /** Waits a moment for company before starting a batch while the server is busy (see `Gather`). */
      gather?: Gather;
    },
  ) {}

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject, at: this.options.gather ? performance.now() : 0 });
      this.schedule();
    });
  }

  /** Items waiting for a batch (for tests and figures). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Batches run so far and the items they held (retries of single items included), for figures. */
  readonly stats = { batches: 0, items: 0 };

  private schedule() {
    if (this.scheduled || this.running >= this.options.maxRunning) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn, so that requests arriving together share a batch.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.options.maxRunning && this.queue.length > 0) {
      if (this.waitsForCompany()) return;
      this.endWait();
      const batch = this.queue.splice(0, this.options.maxSize);
      this.running += 1;
      void this.execute(batch).finally(() => {
        this.running -= 1;
        if (this.options.gather && this.options.holdSlot) {
          this.ended = { at: performance.now(), expected: this.queue.length + batch.length };
        }
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /** Whether the next batch should wait for more items now; arms the timer that ends its wait when it should. */
  private waitsForCompany(): boolean {
    const gather = this.options.gather;
    if (!gather || gather.waitMs <= 0 || this.waited) return false;
    if (this.queue.length >= this.options.maxSize) return false;
    const now = performance.now();
    // The requests the last batch answered, on their way back for a moment after it ended.
    const returning = now - this.ended.at < gather.waitMs ? this.ended.expected : 0;
    const busy = gather.busy();
    // How many items may come: every request in flight, or any number when `busy` cannot count them.
    const coming = Math.max(typeof busy === "number" ? busy : busy ? Number.POSITIVE_INFINITY : 0, returning);
    if (this.queue.length >= coming) return false;
    if (this.timer) return true;
    const oldest = this.queue[0] as Waiting<I, O>;
    const left = Math.max(oldest.at, returning > 0 ? this.ended.at : oldest.at) + gather.waitMs - now;
    if (left <= 0) return false;
    // Timers count whole milliseconds: rounded up, the wait ends no sooner than it should.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.waited = true;
      this.pump();
    }, Math.ceil(left));
    return true;
  }

  /** A batch starts: its wait is over, and the next one will wait anew. */
  private endWait() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waited = false;
  }

  private async execute(batch: Waiting<I, O>[]) {
    this.stats.batches += 1;
    this.stats.items += batch.length;
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} was answered with ${outcomes.length} outcomes`);
      }
    } catch (error) {
      if (this.options.retryAlone && batch.length > 1) {
        await Promise.all(batch.map((w) => this.execute([w])));
        return;
      }
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i] as Outcome<O>;
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
    if (this.options.holdSlot) await this.options.holdSlot(outcomes).catch(() => {});
  }
}

/** Runs `fn` on every item at once, each failure kept to its own item. */
export async function settleEach<I, O>(items: I[], fn: (item: I) => Promise<O>): Promise<Outcome<O>[]> {
  const results = await Promise.allSettled(items.map(fn));
  return results.map((r) => (r.status === "fulfilled" ? succeeded(r.value) : failed(r.reason)));
}
