import { HotCache } from "../../lib/hot-cache";
import type { ReadyReply } from "../../lib/ready-reply";
import { hearSentHere, type WireMessage } from "../events/publish";

/** A live session as the request path needs it, with its end. */
export type CachedSession = { sessionId: string; userId: string; expiresAt: number };
/**
 * A reply kept whole: its bytes, ETag and compressed forms, sent as they are (nothing serialised or compressed per
 * request), and the tags it is forgotten by.
 */
/** A reply kept whole; `until` (epoch ms): no longer than this, when what it shows changes by the clock. */
export type CachedReply = {
  reply: ReadyReply;
  tags: string[];
  until?: number | null;
  /** What the reply was made of, for a read that adds the viewer's own part to it (a collection's progress). */
  data?: unknown;
};

/**
 * Every HotReads of this process that hears it: a session ended here is forgotten at once, before its NOTIFY comes
 * back, as every message this process sends is (events/publish.ts, `hearSentHere`).
 */
const local = new Set<HotReads>();

/**
 * This instance's caches of hot reads: sessions by token, property details by id and by the text searched,
 * leaderboard pages, the market's listings, trades and index, and the map state's freshness. Each is invalidated by the live channel's NOTIFY messages, which every instance hears after
 * the change commits (live/hub.ts hands them over), and cleared whole when the listener reconnects (messages sent
 * meanwhile are lost). A maximum age bounds what a change that announces nothing could leave stale.
 *
 * Nothing here is per viewer: property details and leaderboard pages are the same for every player, and a session
 * entry is found only by the hash of its own token.
 */
export class HotReads {
  readonly sessions = new HotCache<CachedSession>({ maxEntries: 50_000, maxAgeMs: 60_000 });
  // Busy entries are made again in the background a little before their maximum age, so readers never wait for it.
  readonly properties = new HotCache<CachedReply>({
    maxEntries: 20_000,
    maxAgeMs: 30_000,
    refreshAfterMs: 25_000,
  });
  /**
   * Property details found by name or address: each tagged with its buildings and owners like those by id, and all
   * forgotten at any rename (a new name may match a search it did not match before).
   */
  readonly searches = new HotCache<CachedReply>({
    maxEntries: 5_000,
    maxAgeMs: 30_000,
    refreshAfterMs: 25_000,
  });
  readonly leaderboard = new HotCache<CachedReply>({
    maxEntries: 2_000,
    maxAgeMs: 10_000,
    refreshAfterMs: 8_000,
  });
  /**
   * The market's public reads (listings, trades, the index), by route and query. What they show changes with an
   * ask, a cancelled sale, a sale, a bid or a player's name or colour; each announces itself on the live channel
   * (building events, bid activities, a player's invalidation), and every such message forgets them all. A change
   * that announced nothing is seen within 2 s: entries are refreshed in the background after 1 s, dropped after 2.
   */
  readonly market = new HotCache<CachedReply>({ maxEntries: 5_000, maxAgeMs: 2_000, refreshAfterMs: 1_000 });
  /**
   * The collections' list and pages (modules/collections). They change with what changes the market (a sale, an
   * account's end, a rename or a recolour, each announced) and are forgotten with it; no change of theirs goes
   * unannounced, so they are kept longer: refreshed in the background after 25 s, dropped after 30.
   */
  readonly collections = new HotCache<CachedReply>({
    maxEntries: 1_000,
    maxAgeMs: 30_000,
    refreshAfterMs: 25_000,
  });
  private readonly mapListeners = new Set<() => void>();

  private readonly stopHearing: () => void = () => {};

  constructor(options: { hearsThisProcess?: boolean } = {}) {
    if (options.hearsThisProcess !== false) {
      local.add(this);
      this.stopHearing = hearSentHere((message) => this.apply(message));
    }
  }

  close(): void {
    local.delete(this);
    this.stopHearing();
  }

  /** Runs when the map's ownership overlay may have changed (the map state cache looks at its version again). */
  onMapChange(listener: () => void): void {
    this.mapListeners.add(listener);
  }

  /** The market's reads and the collections, which change with them. */
  private forgetMarket(): void {
    this.market.clear();
    this.collections.clear();
  }

  /** One message from the live channel. */
  apply(message: WireMessage): void {
    if ("invalidate" in message) {
      const { sessionId, sessionsOf, player, building } = message.invalidate;
      if (building) {
        this.properties.invalidateTag(`building:${building}`);
        this.searches.invalidateTag(`building:${building}`);
        this.forgetMarket();
      }
      if (sessionId) this.sessions.invalidateTag(`session:${sessionId}`);
      if (sessionsOf) this.sessions.invalidateTag(`user:${sessionsOf}`);
      if (player) {
        this.properties.invalidateTag(`owner:${player}`);
        this.searches.invalidateTag(`owner:${player}`);
        this.leaderboard.clear();
        // Listings name owners, trades buyers and sellers.
        this.forgetMarket();
      }
      return;
    }
    if (!("event" in message)) {
      // A bid placed, withdrawn, decided, released or expired moves a listing's best bid and count.
      if ("activity" in message && message.activity.type.startsWith("bid.")) this.forgetMarket();
      return;
    }
    // Every public event is about a building or a player's colour, both of which the market shows.
    this.forgetMarket();
    const { event } = message;
    switch (event.type) {
      case "building.sold":
      case "building.listed":
      case "building.unlisted":
      case "building.renamed":
      case "building.developing":
      case "building.developed":
        this.properties.invalidateTag(`building:${event.buildingId}`);
        if (event.type === "building.renamed") this.searches.clear();
        else this.searches.invalidateTag(`building:${event.buildingId}`);
        // A sale can change an owner's count; a listing, a sale or a finished construction a price: pages are rebuilt.
        if (event.type !== "building.renamed" && event.type !== "building.developing")
          this.leaderboard.clear();
        break;
      case "player.recoloured":
        this.properties.invalidateTag(`owner:${event.userId}`);
        this.searches.invalidateTag(`owner:${event.userId}`);
        this.leaderboard.clear();
        break;
      default:
        this.properties.clear();
        this.searches.clear();
        this.leaderboard.clear();
    }
    this.mapChanged();
  }

  /** Everything may be stale: the listener was lost for a while. */
  clear(): void {
    this.sessions.clear();
    this.properties.clear();
    this.searches.clear();
    this.leaderboard.clear();
    this.forgetMarket();
    this.mapChanged();
  }

  private mapChanged() {
    for (const listener of this.mapListeners) listener();
  }
}

/** Forgets a session (or all of a player's) in this process at once; other instances hear the NOTIFY. */
export function forgetSessionsLocally(target: { sessionId?: string; userId?: string }): void {
  for (const reads of local) {
    if (target.sessionId) reads.sessions.invalidateTag(`session:${target.sessionId}`);
    if (target.userId) reads.sessions.invalidateTag(`user:${target.userId}`);
  }
}
