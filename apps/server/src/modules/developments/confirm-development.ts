import { AppError } from "@mx/kit/errors";
import { and, eq } from "drizzle-orm";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { confirmOperation } from "../money/operation";
import { developmentOperation } from "./development-operation";
import { type DevelopResult, developedOf, resultOf } from "./present-development";

/**
 * POST properties/develop/confirm: after the owner confirmed the payment with their bank (or approved it at PayPal),
 * the payment is read again and the development finished: started, still waiting, or failed (nothing charged).
 */
export async function confirmDevelopment(
  deps: AppDeps,
  userId: string,
  developmentId: string,
): Promise<DevelopResult> {
  const [row] = await deps.db
    .select()
    .from(developments)
    .where(and(eq(developments.id, developmentId), eq(developments.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", `No development with id ${developmentId}.`);
  if (row.state === "constructing" || row.state === "completed") return developedOf(deps, row);
  if (row.state !== "reserved" || !row.paymentIntentId) {
    throw new AppError(
      "CONFLICT",
      `This development has ${row.state}: ${row.failure ?? "nothing was charged"}.`,
    );
  }
  return resultOf(row, await confirmOperation(developmentOperation(deps, null), row));
}
