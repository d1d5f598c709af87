import type { Report } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { reports } from "../../db/schema/ops";
import { users } from "../../db/schema/users";
import { displayName, selectProperties } from "../buildings/present-property";

/** Reports as the console shows them, with the reporter's username and the reported name as it is now. */
export async function reportRows(q: Queryable, where: SQL | undefined, limit = 200): Promise<Report[]> {
  const rows = await q
    .select({ report: reports, reporterName: users.userName })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(where)
    .orderBy(desc(reports.createdAt))
    .limit(limit);
  const buildingIds = rows.filter((r) => r.report.targetType === "building").map((r) => r.report.targetId);
  const playerIds = rows
    .filter((r) => r.report.targetType === "player" && isUuid(r.report.targetId))
    .map((r) => r.report.targetId);
  const names = new Map<string, string>();
  if (buildingIds.length > 0) {
    for (const row of await selectProperties(q).where(inArray(buildings.id, buildingIds))) {
      names.set(`building:${row.buildingId}`, displayName(row));
    }
  }
  if (playerIds.length > 0) {
    for (const row of await q
      .select({ id: users.id, name: users.userName })
      .from(users)
      .where(inArray(users.id, playerIds))) {
      names.set(`player:${row.id}`, row.name ?? "(deleted)");
    }
  }
  return rows.map(({ report, reporterName }) => ({
    id: report.id,
    reporterId: report.reporterId,
    reporterName,
    targetType: report.targetType as Report["targetType"],
    targetId: report.targetId,
    targetName: names.get(`${report.targetType}:${report.targetId}`) ?? null,
    reason: report.reason,
    status: report.status as Report["status"],
    resolution: report.resolution,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  }));
}
