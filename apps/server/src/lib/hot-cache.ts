/**
 * A per-instance cache of hot reads, kept correct by invalidation (the database's NOTIFY events every instance
 * hears) with a maximum age as a safety net for a change that announces nothing.
 *
 * - Single flight: requests for a key being loaded share the one load.
 * - No stale fill: every invalidation bumps a generation, and a load that started before it is returned to its
 *   callers but not kept (it may have read the data the invalidation is about).
 * - Bounded: the least recently used entries go past `maxEntries` (used: read within the last second or so).
 * - Tags: an entry may carry tags (`building:…`, `owner:…`, `session:…`), and all entries of a tag go at once.
 * - Refreshed ahead (with `refreshAfterMs`): an entry older than that is still answered while one load replaces it
 *   in the background, so a busy key never makes its readers wait for the safety net's reload. An invalidation
 *   still removes the entry at once: what a change makes stale is never answered.
 */
export type HotCacheOptions = { maxEntries: number; maxAgeMs: number; refreshAfterMs?: number };

type Entry<V> = { value: V; expiresAt: number; refreshAt: number; tags: string[]; usedAt: number };

/**
 * An entry read again within this many ms of its last move stays where it is in the LRU order: a key read
 * thousands of times a second is moved once, not on every read (each move is a delete and an insert in a big map).
 */
const TOUCH_MS = 1_000;

export class HotCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly options: HotCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value of `key`, or `load()`'s (kept unless an invalidation came meanwhile). `describe` gives the
   * entry's tags and, optionally, an earlier expiry (a session's end). Errors are never kept.
   */
  async get(
    key: string,
    load: () => Promise<V>,
    describe?: (value: V) => { tags?: string[]; expiresAt?: number },
  ): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      this.hits += 1;
      this.touch(key, hit, now);
      if (hit.refreshAt <= now && !this.loading.has(key)) {
        // Replaced in the background; a failed refresh leaves the entry to its expiry.
        this.load(key, load, describe).catch(() => {});
      }
      return hit.value;
    }
    if (hit) this.drop(key);
    const running = this.loading.get(key);
    if (running) return running;
    this.misses += 1;
    return this.load(key, load, describe);
  }

  /**
   * The value kept for `key`, without loading anything (the front door answers from it, fast-reads.ts): when it is
   * fresh, and either not yet due for a refresh or already being refreshed (as `get` answers it meanwhile);
   * undefined otherwise, and the caller asks `get`, which starts the refresh. Counted as a hit.
   */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (!hit || hit.expiresAt <= now || (hit.refreshAt <= now && !this.loading.has(key))) return undefined;
    this.hits += 1;
    this.touch(key, hit, now);
    return hit.value;
  }

  /** Most recently used last (a Map keeps insertion order), moved at most once every TOUCH_MS. */
  private touch(key: string, entry: Entry<V>, now: number) {
    if (now - entry.usedAt < TOUCH_MS) return;
    entry.usedAt = now;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private load(
    key: string,
    load: () => Promise<V>,
    describe?: (value: V) => { tags?: string[]; expiresAt?: number },
  ): Promise<V> {
    const generation = this.generation;
    const flight = load().then((value) => {
      if (this.loading.get(key) === flight) this.loading.delete(key);
      if (generation === this.generation) {
        const about = describe?.(value) ?? {};
        const now = Date.now();
        const expiresAt = Math.min(now + this.options.maxAgeMs, about.expiresAt ?? Infinity);
        const refreshAt = Math.min(now + (this.options.refreshAfterMs ?? Infinity), expiresAt);
        this.store(key, { value, expiresAt, refreshAt, tags: about.tags ?? [], usedAt: now });
      }
      return value;
    });
    flight.catch(() => {
      if (this.loading.get(key) === flight) this.loading.delete(key);
    });
    this.loading.set(key, flight);
    return flight;
  }

  /** Forgets every entry carrying the tag. */
  invalidateTag(tag: string): void {
    this.generation += 1;
    if (this.loading.size > 0) this.loading.clear();
    for (const key of this.byTag.get(tag) ?? []) this.drop(key);
  }

  /**
   * Forgets everything. A map already empty is left as it is: clearing one still allocates it a new table, and a
   * busy market clears its caches for every sale it hears (twice: from this instance and from the channel).
   */
  clear(): void {
    this.generation += 1;
    if (this.loading.size > 0) this.loading.clear();
    if (this.entries.size > 0) this.entries.clear();
    if (this.byTag.size > 0) this.byTag.clear();
  }

  private store(key: string, entry: Entry<V>) {
    this.drop(key);
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
