import { uniqueViolation } from "@mx/kit/db-errors";
import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import type { ReportBody } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { reports } from "../../db/schema/ops";
import { users } from "../../db/schema/users";

/** Whether what is reported exists: a catalogued building, or a player who has not deleted the account. */
async function targetExists(q: Queryable, { targetType, targetId }: ReportBody): Promise<boolean> {
  if (targetType === "building") {
    const [row] = await q
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.id, targetId))
      .limit(1);
    return row !== undefined;
  }
  if (!isUuid(targetId)) return false;
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * POST reports: a signed-in player reports a building's name or a player, for operators to review. At most
 * `perDay` reports in 24 hours per player (429), one open report per reporter and target (409), an unknown target
 * 404; a player does not report themselves (400).
 */
export async function fileReport(
  db: Db,
  reporterId: string,
  body: ReportBody,
  perDay: number,
): Promise<{ id: string }> {
  if (body.targetType === "player" && body.targetId === reporterId) {
    throw new AppError("BAD_REQUEST", "targetId: you cannot report yourself.");
  }
  if (!(await targetExists(db, body))) {
    throw new AppError("NOT_FOUND", `No ${body.targetType} with id ${body.targetId}.`);
  }
  return db.transaction(async (tx) => {
    // One reporter's reports are counted and written one at a time: parallel requests cannot pass the cap together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reporterId)).for("update");
    const [today] = await tx
      .select({ n: count() })
      .from(reports)
      .where(
        and(eq(reports.reporterId, reporterId), gt(reports.createdAt, new Date(Date.now() - 86_400_000))),
      );
    if ((today?.n ?? 0) >= perDay) {
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `You can send ${perDay} reports a day; thank you, please try again tomorrow.`,
      );
    }
    const id = newId();
    try {
      await tx.transaction(async (inner) => {
        await inner.insert(reports).values({ id, reporterId, ...body });
      });
    } catch (error) {
      if (uniqueViolation(error) !== null) {
        throw new AppError("CONFLICT", "You have already reported this; an operator will look at it.");
      }
      throw error;
    }
    return { id };
  });
}
