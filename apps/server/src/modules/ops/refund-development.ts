import { AppError } from "@mx/kit/errors";
import { DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { DevelopmentRefundResult } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { lockBuildings } from "../buildings/lock-buildings";
import { forgetSearches } from "../buildings/search-buildings";
import { type BuildingState, readState } from "../developments/building-state";
import { settleDueDevelopments } from "../developments/construction";
import { developmentOperation } from "../developments/development-operation";
import { type DevelopmentRow, developmentEntries } from "../developments/development-rows";
import { publishPublic } from "../events/publish";
import { postJournal, reversedEntries } from "../ledger/ledger";
import { refundOperation } from "../money/operation";
import { type Actor, audit } from "./audit";
import { refuseWhileBidsWait } from "./refund-purchase";

const PAID = ["constructing", "completed"] as const;

const nameOf = (row: { kind: string; level: number }) =>
  `${DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind} (level ${row.level})`;

/**
 * Refunds a paid development from the console, through the money operation's refund (money/operation.ts): in one
 * transaction under the building's lock the development is marked refunding, its journal reversed (kind
 * `development_refund`) and the building undone (a finished level taken off with the value it added, a construction
 * under way cancelled); then the processor refunds the charge under the development's refund key; then the
 * development is refunded and any offer-wall credits it used go back to the player. A process that stops midway is
 * finished by the developments' recovery, which asks again under the same key. Only a building's latest development
 * is refunded, while its developer still owns it, not for sale, with no bids waiting.
 */
export async function refundDevelopment(
  deps: AppDeps,
  actor: Actor,
  developmentId: string,
  reason: string,
): Promise<DevelopmentRefundResult> {
  const [found] = isUuid(developmentId)
    ? await deps.db.select().from(developments).where(eq(developments.id, developmentId))
    : [];
  if (!found) throw new AppError("NOT_FOUND", `No development with id ${developmentId}.`);
  assertPaid(found);
  // A construction that has ended is finished first, so that what is undone is what the building has now.
  await settleDueDevelopments(deps.db, [found.buildingId]);
  const [row = found] = await deps.db.select().from(developments).where(eq(developments.id, found.id));
  const op = {
    ...developmentOperation(deps, null),
    beginRefund: (development: DevelopmentRow, failure: string) =>
      beginDevelopmentRefund(deps, actor, development, failure),
  };
  await refundOperation(op, row, row.paymentIntentId, reason);
  forgetSearches(deps.db);
  const [after] = await deps.db.select().from(developments).where(eq(developments.id, row.id));
  return { developmentId: row.id, status: after?.state ?? "unknown", refundedCents: row.totalCents };
}

function assertPaid(row: DevelopmentRow): void {
  if (!(PAID as readonly string[]).includes(row.state)) {
    throw new AppError(
      "CONFLICT",
      `This development is ${row.state}; only a development paid for (under construction or finished) is refunded here.`,
    );
  }
}

async function beginDevelopmentRefund(deps: AppDeps, actor: Actor, row: DevelopmentRow, failure: string) {
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [row.buildingId]);
    const [now] = await tx.select().from(developments).where(eq(developments.id, row.id));
    if (!now) return false;
    assertPaid(now);
    const building = await refundableBuilding(tx, now);
    const [marked] = await tx
      .update(developments)
      .set({ state: "refunding", failure, updatedAt: new Date() })
      .where(and(eq(developments.id, now.id), inArray(developments.state, [...PAID])))
      .returning({ id: developments.id });
    if (!marked) return false;
    // The development's journal, reversed: the charge goes back out, the credits it used back to held (released to
    // the player when the refund ends), and the platform gives up the cost, the fee and the tax.
    await postJournal(tx, {
      kind: "development_refund",
      reference: now.id,
      building: { id: now.buildingId },
      memo: `${nameOf(now)} of ${now.buildingId} refunded: ${formatCents(now.totalCents)}`,
      entries: reversedEntries(developmentEntries(now)),
    });
    const undone = await undoOnBuilding(tx, now, building);
    // The map's development overlay has no event that lowers a level: every map reads its state again.
    await publishPublic(tx, { type: "map.changed" });
    await audit(tx, actor, {
      action: "development.refund",
      targetType: "development",
      targetId: now.id,
      before: { status: now.state, buildingId: now.buildingId, ...levelOf(building) },
      after: { status: "refunding", ...undone, reason: failure, totalCents: now.totalCents },
    });
    return true;
  });
}

const levelOf = (state: BuildingState) => ({
  developmentLevel: state.developmentLevel,
  priceCents: state.priceCents,
  constructingUntil: state.constructingUntil?.toISOString() ?? null,
});

/** The building, if this development may be taken back from it now; else why not, thrown. Under its lock. */
async function refundableBuilding(tx: Tx, row: DevelopmentRow): Promise<BuildingState> {
  const [later] = await tx
    .select({ kind: developments.kind, level: developments.level })
    .from(developments)
    .where(
      and(
        eq(developments.buildingId, row.buildingId),
        inArray(developments.state, [...PAID]),
        gt(developments.level, row.level),
      ),
    )
    .orderBy(desc(developments.level))
    .limit(1);
  if (later) {
    throw new AppError(
      "CONFLICT",
      `Only a building's latest development is refunded: refund its ${nameOf(later)} first.`,
    );
  }
  const building = await readState(tx, row.buildingId);
  if (!building || building.ownerId !== row.userId) {
    throw new AppError("CONFLICT", "The developer no longer owns this building; its development stays.");
  }
  if (building.forSale) {
    throw new AppError(
      "CONFLICT",
      "This building is for sale: cancel the sale before refunding its development.",
    );
  }
  if (building.paying) {
    throw new AppError("CONFLICT", "A development of this building is being paid for right now.");
  }
  const matches =
    row.state === "completed"
      ? building.developmentLevel === row.level && building.constructingUntil === null
      : building.developmentLevel === row.level - 1 && building.constructingUntil !== null;
  if (!matches) {
    throw new AppError(
      "CONFLICT",
      "The building's development no longer matches this one; nothing was changed.",
    );
  }
  await refuseWhileBidsWait(tx, row.buildingId);
  return building;
}

/**
 * What the development did to the building, undone: a finished level taken off with the value it added (never below
 * nothing), or the construction under way cancelled. Read under the building's lock, so written as read. Returns the
 * building's development after.
 */
async function undoOnBuilding(tx: Tx, row: DevelopmentRow, building: BuildingState) {
  const finished = row.state === "completed";
  const after = {
    developmentLevel: finished ? row.level - 1 : building.developmentLevel,
    priceCents: finished ? Math.max(building.priceCents - row.costCents, 0) : building.priceCents,
    constructingUntil: null,
  };
  await tx
    .update(properties)
    .set({
      developmentLevel: after.developmentLevel,
      priceCents: after.priceCents,
      constructingUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(properties.buildingId, row.buildingId));
  return after;
}
