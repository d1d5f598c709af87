import type { ActivitiesData, Activity } from "@mx/shared/schemas/live";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activities } from "../../db/schema/live";

/** The player's feed, newest first, with how many entries there are and how many are unread. */
export async function listActivities(
  db: Db,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<ActivitiesData> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(eq(activities.userId, userId))
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${activities.readAt} is null)`.mapWith(Number),
      })
      .from(activities)
      .where(eq(activities.userId, userId)),
  ]);
  return {
    totalCount: counts?.total ?? 0,
    unreadCount: counts?.unread ?? 0,
    activities: rows.map(
      (row) =>
        ({
          id: row.id,
          type: row.type,
          payload: row.payload,
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt?.toISOString() ?? null,
        }) as Activity,
    ),
  };
}

/** Marks the given entries (or all) read; answers how many changed and how many stay unread. */
export async function markActivitiesRead(
  db: Db,
  userId: string,
  ids?: string[],
): Promise<{ marked: number; unreadCount: number }> {
  const marked = await db
    .update(activities)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(activities.userId, userId),
        isNull(activities.readAt),
        ids
          ? inArray(activities.id, ids.length > 0 ? ids : ["00000000-0000-0000-0000-000000000000"])
          : undefined,
      ),
    )
    .returning({ id: activities.id });
  const [left] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.userId, userId), isNull(activities.readAt)));
  return { marked: marked.length, unreadCount: left?.n ?? 0 };
}
