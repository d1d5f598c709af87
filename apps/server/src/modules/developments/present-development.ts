import { DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import type { DevelopData } from "@mx/shared/schemas/developments";
import { eq } from "drizzle-orm";
import { properties } from "../../db/schema/buildings";
import type { AppDeps } from "../../deps";
import {
  displayName,
  type PropertyRow,
  presentDevelopment,
  selectProperties,
} from "../buildings/present-property";
import type { Step } from "../money/operation";
import { type ActionRequired, actionOf } from "../payments/bank-check";
import type { DevelopmentRow } from "./development-rows";

export type DevelopResult = DevelopData | { developmentId: string; action: ActionRequired };

/** The operation's outcome as the route answers it: begun, or the owner's bank (or PayPal) to visit first. */
export function resultOf(row: DevelopmentRow, step: Step<DevelopData>): DevelopResult {
  return "waiting" in step ? { developmentId: row.id, action: actionOf(step.waiting) } : step.done;
}

/** What a development paid for says: the building's development now, and what was charged. */
export async function developedOf(deps: AppDeps, row: DevelopmentRow): Promise<DevelopData> {
  const [property] = await selectProperties(deps.db).where(eq(properties.buildingId, row.buildingId));
  return developedFrom(row, property);
}

/** What a development paid for says, from its building as just read. */
export function developedFrom(row: DevelopmentRow, property: PropertyRow | undefined): DevelopData {
  const name = property ? displayName(property) : row.buildingId;
  const d = DEVELOPMENTS[row.kind as DevelopmentKind];
  const hours = row.durationSeconds / 3600;
  const takes =
    hours >= 1
      ? `${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`
      : `${row.durationSeconds} seconds`;
  return {
    message: `${d.name} of ${name} has begun: it takes ${takes}.`,
    development: presentDevelopment(property?.developmentLevel ?? 0, property?.constructingUntil ?? null),
    buildingId: row.buildingId,
    total: row.totalCents / 100,
    paymentIntentId: row.paymentIntentId ?? "",
    ...(row.creditsCents > 0 ? { credits: row.creditsCents / 100 } : {}),
  };
}
