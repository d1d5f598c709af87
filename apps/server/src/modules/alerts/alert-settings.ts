import {
  type AlertKind,
  type AlertSettings,
  type AlertSettingsBody,
  alertKindList,
} from "@mx/shared/schemas/alerts";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { alertSettings } from "../../db/schema/watchlist";

/** GET users/alert-settings: every alert kind, on unless the player switched it off. */
export async function readAlertSettings(q: Queryable, userId: string): Promise<AlertSettings> {
  const rows = await q
    .select({ kind: alertSettings.kind, enabled: alertSettings.enabled })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row.enabled]));
  return Object.fromEntries(alertKindList.map((kind) => [kind, stored.get(kind) ?? true])) as AlertSettings;
}

/** PUT users/alert-settings: switches the kinds named on or off (the others stay as they are); answers them all. */
export async function changeAlertSettings(
  q: Queryable,
  userId: string,
  change: AlertSettingsBody,
): Promise<AlertSettings> {
  const values = (Object.entries(change) as [AlertKind, boolean | undefined][])
    .filter((entry): entry is [AlertKind, boolean] => entry[1] !== undefined)
    .map(([kind, enabled]) => ({ userId, kind, enabled }));
  if (values.length > 0) {
    await q
      .insert(alertSettings)
      .values(values)
      .onConflictDoUpdate({
        target: [alertSettings.userId, alertSettings.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  }
  return readAlertSettings(q, userId);
}
