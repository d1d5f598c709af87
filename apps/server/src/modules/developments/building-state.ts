import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import {
  DEVELOPMENT_KINDS,
  DEVELOPMENTS,
  type DevelopmentKind,
  MAX_DEVELOPMENT_LEVEL,
} from "@mx/shared/constants";
import { disputeTexts, serverMessages } from "@mx/shared/messages";
import { isUuid } from "@mx/shared/uuid";
import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import type { AppDeps } from "../../deps";

/** "Nov 25, 2026, 6:33 PM": when a construction ends, as a player reads it. */
const constructionEnd = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export const FINISH_CONSTRUCTION_FIRST = "Finish construction first.";
const ONLY_THE_OWNER = "Only the owner can develop this building.";

/** How long a development takes to build here, in seconds (the time scale applied). */
export const durationSeconds = (deps: AppDeps, kind: DevelopmentKind) =>
  Math.max(1, Math.round((DEVELOPMENTS[kind].hours * 3600) / deps.config.developmentTimeScale));

/** The building of a property id or building id, or null. */
export async function buildingOf(deps: AppDeps, key: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ buildingId: properties.buildingId })
    .from(properties)
    .where(
      isUuid(key)
        ? or(eq(properties.id, key), eq(properties.buildingId, key))
        : eq(properties.buildingId, key),
    );
  return row?.buildingId ?? null;
}

export type BuildingState = {
  ownerId: string | null;
  forSale: boolean;
  /** The building's value (never its owner's ask): what a development's cost is a share of. */
  priceCents: number;
  developmentLevel: number;
  constructingUntil: Date | null;
  paying: boolean;
  /** True while a payment for the building is disputed. */
  frozen: boolean;
};

/** Why `kind` cannot be started now by `userId` on a building in this state; null when it can. */
export function refusal(state: BuildingState, userId: string, kind: DevelopmentKind): AppError | null {
  if (state.ownerId !== userId) return new AppError("FORBIDDEN", ONLY_THE_OWNER);
  if (state.frozen) return new AppError("CONFLICT", disputeTexts.buildingFrozen);
  if (state.constructingUntil) {
    return new AppError(
      "CONFLICT",
      `This building is under construction until ${constructionEnd.format(state.constructingUntil)} UTC: one development is built at a time.`,
    );
  }
  if (state.paying)
    return new AppError("CONFLICT", "A development of this building is being paid for right now.");
  if (state.forSale) {
    return new AppError("CONFLICT", serverMessages.developWhileForSale);
  }
  const wanted = DEVELOPMENTS[kind].level;
  if (state.developmentLevel >= MAX_DEVELOPMENT_LEVEL) {
    return new AppError("CONFLICT", "This building is fully developed.");
  }
  if (wanted <= state.developmentLevel) {
    return new AppError(
      "CONFLICT",
      `This building already has its ${DEVELOPMENTS[kind].name.toLowerCase()}.`,
    );
  }
  if (wanted !== state.developmentLevel + 1) {
    const next = DEVELOPMENT_KINDS[state.developmentLevel] as DevelopmentKind;
    return new AppError(
      "CONFLICT",
      `Not the next level: build the ${DEVELOPMENTS[next].name.toLowerCase()} (${next}, level ${DEVELOPMENTS[next].level}) first.`,
    );
  }
  return null;
}

/** The building's owner, sale, price and development now, and whether a development of it is being paid for. */
export async function readState(q: Queryable, buildingId: string): Promise<BuildingState | null> {
  return (await readStates(q, [buildingId])).get(buildingId) ?? null;
}

type StateRow = {
  building_id: string;
  owner_id: string | null;
  for_sale: boolean;
  price_cents: number;
  development_level: number;
  constructing_until: string | Date | null;
  paying: boolean;
  frozen: boolean;
};

/**
 * readState for several buildings in one read, a named statement of fixed text (the ids go in as one JSON
 * parameter). With `lockRows`, their rows are locked too, in building order (as purchases lock them), for a
 * transaction that writes them: the lock and the read are one round trip, and a row changed while the lock waited
 * is read as it now is.
 */
export async function readStates(
  q: Queryable,
  buildingIds: string[],
  { lockRows = false }: { lockRows?: boolean } = {},
): Promise<Map<string, BuildingState>> {
  if (buildingIds.length === 0) return new Map();
  const read = sql`select p.building_id, p.owner_id::text, p.for_sale, p.price_cents, p.development_level,
      p.constructing_until,
      -- The building's open development (at most one: developments_one_open_per_building), probed by building; as
      -- an exists over reserved rows the planner took the unsettled index and read every entry it kept.
      coalesce((select d.state = 'reserved' from developments d
        where d.building_id = p.building_id and d.state in ('reserved', 'constructing')), false) as paying,
      p.frozen_dispute_id is not null as frozen
    from properties p
    where p.building_id = any(array(select json_array_elements_text(${JSON.stringify(buildingIds)}::json)))
    order by p.building_id`;
  const rows = await queryRows<StateRow>(
    q,
    lockRows ? sql`${read} for update of p` : read,
    lockRows ? "development-states-locked" : "development-states",
  );
  return new Map(
    rows.map((r) => [
      r.building_id,
      {
        ownerId: r.owner_id,
        forSale: r.for_sale,
        priceCents: r.price_cents,
        developmentLevel: r.development_level,
        constructingUntil: r.constructing_until === null ? null : new Date(r.constructing_until),
        paying: r.paying,
        frozen: r.frozen,
      },
    ]),
  );
}
