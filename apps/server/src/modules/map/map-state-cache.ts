import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ok } from "@mx/kit/reply";
import { queryRows } from "@mx/kit/sql";
import { envelope } from "@mx/shared/schemas/common";
import { MapState } from "@mx/shared/schemas/map";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type ReadyReply, readyReply } from "../../lib/ready-reply";
import { getMapState } from "./map-state";

/**
 * The ownership overlay, rebuilt only when the database's map_state_version moves (a trigger bumps it on every
 * change of owner, for-sale flag or owner colour). Each server instance keeps its own copy; all agree on the version.
 */
/** The overlay with each mapId written as its difference from the one before: runs of 1s that compress to little. */
function deltaCoded(state: MapState): MapState {
  const owned = state.owned.slice();
  for (let i = owned.length - 2, last = 0; i >= 0; i -= 2) {
    const previous = i >= 2 ? (state.owned[i - 2] as number) : last;
    owned[i] = (state.owned[i] as number) - previous;
  }
  const forSale = state.forSale.map((id, i) => id - (i > 0 ? (state.forSale[i - 1] as number) : 0));
  const developed = state.developed.slice();
  for (let i = developed.length - 2; i >= 0; i -= 2) {
    developed[i] = (state.developed[i] as number) - (i >= 2 ? (state.developed[i - 2] as number) : 0);
  }
  return { colors: state.colors, owned, forSale, developed };
}

export type EncodedState = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

/** The delta-coded reply's ETag: the overlay's, marked. */
const deltaEtagOf = (etag: string) => `${etag.slice(0, -1)}-d"`;

export class MapStateCache {
  private cached: { version: string; state: MapState; etag: string } | null = null;
  private encoded: EncodedState | null = null;
  private ready: ReadyReply | null = null;
  private building: Promise<{ version: string; state: MapState; etag: string }> | null = null;
  /** When the version was last read, and the invalidations seen: within `freshMs` of a read with none since, memory answers. */
  private checkedAt = 0;
  private changes = 0;
  /** The changes heard when what memory holds was last confirmed current; -1 before any check. */
  private confirmedChanges = -1;
  /** The check running now, and the changes heard when it began. */
  private checking: { changes: number; done: Promise<{ state: MapState; etag: string }> } | null = null;

  /**
   * `freshMs`: how long a version read stands when no change is heard (0: every call reads it). The live channel
   * calls `markStale` on every change of ownership, sale flag or colour, from any instance.
   */
  constructor(
    private readonly db: Queryable,
    private readonly freshMs = 0,
    /** Run before the version is read: settles what has changed by the clock alone (constructions that ended). */
    private readonly beforeRead: () => Promise<unknown> = async () => {},
  ) {}

  markStale(): void {
    this.changes += 1;
    this.checkedAt = 0;
  }

  /** The reply with the overlay as pairs, made (and compressed) once per version, as the route's schema writes it. */
  async readyPairs(): Promise<ReadyReply> {
    const { state, etag } = await this.current();
    if (this.ready?.etag === etag) return this.ready;
    this.ready = readyReply(JSON.stringify(envelope(MapState).parse(ok(state, "Map state"))), { etag });
    return this.ready;
  }

  /**
   * The reply memory holds for the overlay as pairs or delta-coded, when memory may answer without a check (within
   * `freshMs` of one, no change heard since); null otherwise. Nothing is read or made (the front door asks).
   */
  peek(encoding: "pairs" | "delta"): ReadyReply | null {
    if (!this.cached || Date.now() - this.checkedAt >= this.freshMs) return null;
    const { etag } = this.cached;
    if (encoding === "pairs") return this.ready?.etag === etag ? this.ready : null;
    return this.encoded?.etag === deltaEtagOf(etag) ? this.encoded : null;
  }

  async encodedDelta(): Promise<EncodedState> {
    const { state, etag } = await this.current();
    const deltaEtag = deltaEtagOf(etag);
    if (this.encoded?.etag === deltaEtag) return this.encoded;
    const identity = Buffer.from(
      JSON.stringify({ statusCode: 200, message: "Map state", data: deltaCoded(state) }),
    );
    this.encoded = {
      etag: deltaEtag,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return this.encoded;
  }

  /**
   * The overlay as of now. Within `freshMs` of a check with no change heard since, memory answers. Past it, one
   * check runs at a time (settle what the clock has changed, read the version, rebuild if it moved), and readers
   * are answered from memory meanwhile as long as no change has been heard since memory was last confirmed: what
   * they see is then at most `freshMs` plus one check old. A reader who heard a change (their own, say) waits for a
   * check that began after it.
   */
  async current(): Promise<{ state: MapState; etag: string }> {
    if (this.cached && Date.now() - this.checkedAt < this.freshMs) return this.cached;
    let checking = this.checking;
    if (checking?.changes !== this.changes) {
      const changes = this.changes;
      const done = this.check().finally(() => {
        if (this.checking?.done === done) this.checking = null;
      });
      // Readers answered from memory do not wait for it; those who do hear its failure.
      done.catch(() => {});
      checking = { changes, done };
      this.checking = checking;
    }
    if (this.cached && this.confirmedChanges === this.changes) return this.cached;
    return checking.done;
  }

  private async check(): Promise<{ state: MapState; etag: string }> {
    await this.beforeRead();
    const changes = this.changes;
    const readAt = Date.now();
    const [row] = await queryRows<{ version: string }>(
      this.db,
      sql`select version::text as version from map_state_version where id = 1`,
    );
    const version = row?.version ?? "0";
    // Fresh from now on only if no change was heard while the version was read.
    const fresh = () => {
      if (this.changes !== changes) return;
      this.checkedAt = readAt;
      this.confirmedChanges = changes;
    };
    if (this.cached?.version === version) {
      fresh();
      return this.cached;
    }
    this.building ??= (async () => {
      const state = await getMapState(this.db);
      const etag = `"${version}-${createHash("sha1").update(JSON.stringify(state)).digest("base64url").slice(0, 12)}"`;
      return { version, state, etag };
    })().finally(() => {
      this.building = null;
    });
    const built = await this.building;
    this.encoded = this.encoded?.etag === built.etag ? this.encoded : null;
    // A read that started before a newer version finished must not replace it.
    if (!this.cached || BigInt(built.version) >= BigInt(this.cached.version)) {
      this.cached = built;
      if (built.version === version) fresh();
    }
    return built;
  }
}
