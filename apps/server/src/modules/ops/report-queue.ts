import { AppError } from "@mx/kit/errors";
import type { Report } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { reports } from "../../db/schema/ops";
import { recordActivity } from "../events/publish";
import { type Actor, audit } from "./audit";
import { freezePlayer, resetBuildingName, resetUserName } from "./players";
import { reportRows } from "./report-rows";

export type ReportAction = "reset-name" | "warn" | "freeze" | "dismiss";

/** The queue: open reports first (oldest first would bury none), then the latest decided. */
export async function listReports(db: Db, status: "open" | "closed"): Promise<Report[]> {
  const rows = await reportRows(db, status === "open" ? eq(reports.status, "open") : undefined);
  return status === "open" ? rows.reverse() : rows.filter((r) => r.status !== "open");
}

/** The player a report is about: the player reported, or the owner of the building whose name is reported. */
async function playerOf(db: Db, report: Report): Promise<string | null> {
  if (report.targetType === "player") return report.targetId;
  const [row] = await db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.buildingId, report.targetId))
    .limit(1);
  return row?.ownerId ?? null;
}

/**
 * Decides a report, and every other open report on the same target with it: accepted (the name reset, the player
 * warned with `reason` in their feed and by push, or their trading frozen with `reason`) or dismissed. Each change is
 * in the audit log.
 */
export async function resolveReport(
  db: Db,
  actor: Actor,
  reportId: string,
  { action, reason }: { action: ReportAction; reason?: string | undefined },
): Promise<Report> {
  const [report] = isUuid(reportId) ? await reportRows(db, eq(reports.id, reportId), 1) : [];
  if (!report) throw new AppError("NOT_FOUND", `No report with id ${reportId}.`);
  if (report.status !== "open") throw new AppError("CONFLICT", "This report has been decided already.");
  if ((action === "freeze" || action === "warn") && !reason) {
    throw new AppError("BAD_REQUEST", "reason: say why, for the player.");
  }
  if (action === "reset-name") {
    if (report.targetType === "building") await resetBuildingName(db, actor, report.targetId);
    else await resetUserName(db, actor, report.targetId);
  }
  if (action === "freeze") {
    const player = await playerOf(db, report);
    if (!player) throw new AppError("CONFLICT", "Nobody owns this building now; there is no one to freeze.");
    await freezePlayer(db, actor, player, { trading: reason ?? null });
  }
  const warned = action === "warn" ? await playerOf(db, report) : null;
  await db.transaction(async (tx) => {
    if (warned && reason) {
      await recordActivity(tx, warned, "account.warned", {
        message: reason,
        buildingId: report.targetType === "building" ? report.targetId : null,
        propertyName: report.targetType === "building" ? (report.targetName ?? report.targetId) : null,
      });
    }
    const decided = await tx
      .update(reports)
      .set({
        status: action === "dismiss" ? "dismissed" : "accepted",
        resolution: action === "dismiss" ? null : action,
        resolvedBy: actor.userId,
        resolvedAt: new Date(),
      })
      .where(
        and(
          eq(reports.targetType, report.targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, "open"),
        ),
      )
      .returning({ id: reports.id });
    await audit(tx, actor, {
      action: action === "dismiss" ? "report.dismiss" : "report.accept",
      targetType: report.targetType,
      targetId: report.targetId,
      before: { status: "open", reports: decided.map((d) => d.id), reason: report.reason },
      after: {
        status: action === "dismiss" ? "dismissed" : "accepted",
        resolution: action,
        warning: reason ?? null,
        warned: warned ?? null,
      },
    });
  });
  const [after] = await reportRows(db, eq(reports.id, report.id), 1);
  if (!after) throw new Error("the report vanished");
  return after;
}
