import { AppError } from "@mx/kit/errors";
import type { DevelopmentRefundResult } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { eq } from "drizzle-orm";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import type { DevelopmentRow } from "../developments/development-rows";
import { PAID_DEVELOPMENT_STATES, refundDevelopmentPayment } from "../developments/refund-development";
import { refuseWhileDisputed } from "../disputes/disputed-payment";
import { type Actor, audit } from "./audit";

/**
 * Refunds a paid development from the console, through the developments' refund (developments/refund-development.ts):
 * in one transaction under the building's lock the development is marked refunding, its journal reversed (kind
 * `development_refund`), the building undone (a finished level taken off with the value it added, a construction
 * under way cancelled) and the audit row written; then the processor refunds the charge under the development's
 * refund key; then the development is refunded and any offer-wall credits it used go back to the player. A process
 * that stops midway is finished by the developments' recovery, which asks again under the same key. Only a building's
 * latest development is refunded, while its developer still owns it, not for sale, with no bids waiting.
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
  await refuseWhileDisputed(deps.db, found.paymentIntentId);
  await refundDevelopmentPayment(deps, found, reason, {
    whenFixed: "refuse",
    onBegin: async (tx, row, undo) => {
      if (!undo.undone) return;
      await audit(tx, actor, {
        action: "development.refund",
        targetType: "development",
        targetId: row.id,
        before: { status: row.state, buildingId: row.buildingId, ...undo.before },
        after: { status: "refunding", ...undo.after, reason, totalCents: row.totalCents },
      });
    },
  });
  const [after] = await deps.db.select().from(developments).where(eq(developments.id, found.id));
  return { developmentId: found.id, status: after?.state ?? "unknown", refundedCents: found.totalCents };
}

function assertPaid(row: DevelopmentRow): void {
  if (!(PAID_DEVELOPMENT_STATES as readonly string[]).includes(row.state)) {
    throw new AppError(
      "CONFLICT",
      `This development is ${row.state}; only a development paid for (under construction or finished) is refunded here.`,
    );
  }
}
