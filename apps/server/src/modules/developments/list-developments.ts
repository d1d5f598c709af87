import { AppError } from "@mx/kit/errors";
import {
  BUY_PROCESSING_FEE_CENTS,
  DEVELOPMENT_KINDS,
  DEVELOPMENTS,
  developmentCostCents,
  FEE_AND_TAX_CENTS,
  SALES_TAX_CENTS,
} from "@mx/shared/constants";
import type { DevelopmentOption, DevelopmentsData } from "@mx/shared/schemas/developments";
import type { AppDeps } from "../../deps";
import { presentDevelopment } from "../buildings/present-property";
import { buildingOf, durationSeconds, readState, refusal } from "./building-state";
import { settleDueDevelopments } from "./construction";

/** GET properties/developments: the building's development and the four developments with their prices now. */
export async function getDevelopments(deps: AppDeps, userId: string, key: string): Promise<DevelopmentsData> {
  const buildingId = await buildingOf(deps, key);
  if (!buildingId) throw new AppError("NOT_FOUND", `No property with id ${key}.`);
  await settleDueDevelopments(deps.db, [buildingId]);
  const state = await readState(deps.db, buildingId);
  if (!state) throw new AppError("NOT_FOUND", `No property with id ${key}.`);
  const options: DevelopmentOption[] = DEVELOPMENT_KINDS.map((kind) => {
    const d = DEVELOPMENTS[kind];
    const costCents = developmentCostCents(kind, state.priceCents);
    const why = refusal(state, userId, kind);
    return {
      kind,
      level: d.level,
      name: d.name,
      description: d.description,
      price: costCents / 100,
      fee: BUY_PROCESSING_FEE_CENTS / 100,
      tax: SALES_TAX_CENTS / 100,
      total: (costCents + FEE_AND_TAX_CENTS) / 100,
      durationSeconds: durationSeconds(deps, kind),
      available: why === null,
      reason: why?.message ?? null,
    };
  });
  return { development: presentDevelopment(state.developmentLevel, state.constructingUntil), options };
}
