import { AppError } from "@mx/kit/errors";
import { DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { refuseWhileBidsWait } from "../bids/waiting-bids";
import { lockBuildings } from "../buildings/lock-buildings";
import { forgetSearches } from "../buildings/search-buildings";
import { publishPublic } from "../events/publish";
import { accounts, type Entry, postJournal, reversedEntries } from "../ledger/ledger";
import { refundOperation } from "../money/operation";
import { type BuildingState, readState } from "./building-state";
import { settleDueDevelopments } from "./construction";
import { developmentOperation } from "./development-operation";
import { type DevelopmentRow, developmentEntries } from "./development-rows";

export const PAID_DEVELOPMENT_STATES = ["constructing", "completed"] as const;

const developmentName = (row: { kind: string; level: number }) =>
  `${DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind} (level ${row.level})`;

/** A building's development as it stands (the console's audit shows it before and after). */
type DevelopmentLevel = {
  developmentLevel: number;
  priceCents: number;
  constructingUntil: string | null;
};

/** What a development's refund did to its building: undone, or (when it could not be) left as it is. */
type DevelopmentUndo =
  | { undone: true; before: DevelopmentLevel; after: DevelopmentLevel }
  | { undone: false };

export type DevelopmentRefundOptions = {
  /**
   * `refuse` (the console's): only a building's latest development is refunded, while its developer still owns it,
   * not for sale, with no bids waiting. `loss`: a development that cannot be undone is refunded all the same, the
   * building left as it is and what it paid for booked as the platform's loss (`chargeback_losses`).
   */
  whenFixed?: "refuse" | "loss";
  /** Run last in the refund's first transaction, with what was done (the console writes its audit row here). */
  onBegin?: (tx: Tx, row: DevelopmentRow, undo: DevelopmentUndo) => Promise<void>;
};

/**
 * Refunds a paid development through the money operation's refund (money/operation.ts): in one transaction under the
 * building's lock the development is marked refunding, its journal reversed (kind `development_refund`) and the
 * building undone (a finished level taken off with the value it added, a construction under way cancelled); then the
 * processor refunds the charge under the development's refund key; then the development is refunded and any offer-wall
 * credits it used go back to the player. A process that stops midway is finished by the developments' recovery, which
 * asks again under the same key; one found refunding already is asked again here too. False if it was neither paid
 * nor refunding. A construction that has ended is finished first, so that what is undone is what the building has.
 */
export async function refundDevelopmentPayment(
  deps: AppDeps,
  found: DevelopmentRow,
  reason: string,
  options: DevelopmentRefundOptions = {},
): Promise<boolean> {
  await settleDueDevelopments(deps.db, [found.buildingId]);
  const [row = found] = await deps.db.select().from(developments).where(eq(developments.id, found.id));
  const op = {
    ...developmentOperation(deps, null),
    beginRefund: (development: DevelopmentRow, failure: string) =>
      beginDevelopmentRefund(deps, development, failure, options),
  };
  const done = await refundOperation(op, row, row.paymentIntentId, reason);
  forgetSearches(deps.db);
  return done;
}

async function beginDevelopmentRefund(
  deps: AppDeps,
  row: DevelopmentRow,
  failure: string,
  options: DevelopmentRefundOptions,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [row.buildingId]);
    const [now] = await tx.select().from(developments).where(eq(developments.id, row.id));
    if (now?.state === "refunding") return true;
    if (!now || !(PAID_DEVELOPMENT_STATES as readonly string[]).includes(now.state)) return false;
    const building = await undoableBuilding(tx, now, options.whenFixed ?? "refuse");
    const [marked] = await tx
      .update(developments)
      .set({ state: "refunding", failure, updatedAt: new Date() })
      .where(and(eq(developments.id, now.id), inArray(developments.state, [...PAID_DEVELOPMENT_STATES])))
      .returning({ id: developments.id });
    if (!marked) return false;
    // Undone: the development's journal, reversed (the charge goes back out, the credits it used back to held,
    // released to the player when the refund ends, and the platform gives up the cost, the fee and the tax). Left as
    // it is: the charge and the credits go back the same way, and the rest is the platform's loss.
    const entries = developmentEntries(now);
    await postJournal(tx, {
      kind: "development_refund",
      reference: now.id,
      building: { id: now.buildingId },
      memo: `${developmentName(now)} of ${now.buildingId} refunded: ${formatCents(now.totalCents)}${building ? "" : " (kept: a loss)"}`,
      entries: building ? reversedEntries(entries) : lossEntries(entries),
    });
    let undo: DevelopmentUndo = { undone: false };
    if (building) {
      const after = await undoOnBuilding(tx, now, building);
      // The map's development overlay has no event that lowers a level: every map reads its state again.
      await publishPublic(tx, { type: "map.changed" });
      undo = { undone: true, before: levelOf(building), after: { ...after, constructingUntil: null } };
    }
    await options.onBegin?.(tx, now, undo);
    return true;
  });
}

/** A payment's entries given back to the payer (card and credits), the rest booked as the platform's loss. */
function lossEntries(entries: Entry[]): Entry[] {
  const paid = entries.filter(
    (e) => e.account === accounts.cardFunding || e.account === accounts.creditsHeld,
  );
  const back = reversedEntries(paid);
  const lost = back.reduce((sum, e) => sum + e.amountCents, 0);
  return [...back, { account: accounts.chargebackLosses, amountCents: -lost }];
}

const levelOf = (state: BuildingState): DevelopmentLevel => ({
  developmentLevel: state.developmentLevel,
  priceCents: state.priceCents,
  constructingUntil: state.constructingUntil?.toISOString() ?? null,
});

/** The building if the development can be undone on it; else why not, thrown (`refuse`), or null (`loss`). */
async function undoableBuilding(
  tx: Tx,
  row: DevelopmentRow,
  whenFixed: "refuse" | "loss",
): Promise<BuildingState | null> {
  try {
    return await refundableBuilding(tx, row);
  } catch (error) {
    if (whenFixed === "loss" && error instanceof AppError && error.code === "CONFLICT") return null;
    throw error;
  }
}

/** The building, if this development may be taken back from it now; else why not, thrown. Under its lock. */
async function refundableBuilding(tx: Tx, row: DevelopmentRow): Promise<BuildingState> {
  const [later] = await tx
    .select({ kind: developments.kind, level: developments.level })
    .from(developments)
    .where(
      and(
        eq(developments.buildingId, row.buildingId),
        inArray(developments.state, [...PAID_DEVELOPMENT_STATES]),
        gt(developments.level, row.level),
      ),
    )
    .orderBy(desc(developments.level))
    .limit(1);
  if (later) {
    throw new AppError(
      "CONFLICT",
      `Only a building's latest development is refunded: refund its ${developmentName(later)} first.`,
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
  };
  await tx
    .update(properties)
    .set({ ...after, constructingUntil: null, updatedAt: new Date() })
    .where(eq(properties.buildingId, row.buildingId));
  return after;
}
