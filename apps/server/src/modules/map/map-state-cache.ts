import { createHash } from "node:crypto";
import type { MapState } from "@mx/shared/schemas/map";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../lib/sql";
import { getMapState } from "./map-state";

/**
 * The ownership overlay, rebuilt only when the database's map_state_version moves (a trigger bumps it on every
 * change of owner, for-sale flag or owner colour). Each server instance keeps its own copy; all agree on the version.
 */
export class MapStateCache {
  private cached: { version: string; state: MapState; etag: string } | null = null;
  private building: Promise<{ version: string; state: MapState; etag: string }> | null = null;

  constructor(private readonly db: Queryable) {}

  async current(): Promise<{ state: MapState; etag: string }> {
    const [row] = await queryRows<{ version: string }>(
      this.db,
      sql`select version::text as version from map_state_version where id = 1`,
    );
    const version = row?.version ?? "0";
    if (this.cached?.version === version) return this.cached;
    this.building ??= (async () => {
      const state = await getMapState(this.db);
      const etag = `"${version}-${createHash("sha1").update(JSON.stringify(state)).digest("base64url").slice(0, 12)}"`;
      return { version, state, etag };
    })().finally(() => {
      this.building = null;
    });
    const built = await this.building;
    // A read that started before a newer version finished must not replace it.
    if (!this.cached || BigInt(built.version) >= BigInt(this.cached.version)) this.cached = built;
    return built;
  }
}
