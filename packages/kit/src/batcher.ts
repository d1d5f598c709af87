/** One item's outcome in a batch: its value, or the error it alone failed with. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export const succeeded = <O>(value: O): Outcome<O> => ({ ok: true, value });
export const failed = (error: unknown): Outcome<never> => ({ ok: false, error });

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

/**
 * Runs many small requests as a few large ones. Items handed to `load` in the same turn of the event loop, and
 * every item that arrives while `maxRunning` batches are already running, go together into the next batch (at most
 * `maxSize` items). A lone request waits for nothing: it runs as a batch of one at once. So under load a hot path
 * costs one statement per batch instead of one per request, and when idle it costs what it did before.
 *
 * `run` answers every item in order, each with its own outcome; if it throws, every item of its batch fails with
 * that error. With `retryAlone`, a batch of several that throws is run again one item at a time, so that one
 * item's bad input cannot fail the others: only for a `run` that has written nothing when it throws.
 */
export class Batcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private running = 0;
  private scheduled = false;

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
    },
  ) {}

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
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
      const batch = this.queue.splice(0, this.options.maxSize);
      this.running += 1;
      void this.execute(batch).finally(() => {
        this.running -= 1;
        if (this.queue.length > 0) this.schedule();
      });
    }
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
