import type { AlertKind } from "@mx/shared/schemas/alerts";
import { type SQL, sql } from "drizzle-orm";

/**
 * A condition, for a statement that writes alerts to many players at once: the player `userId` (a column or an
 * expression) has not switched `kind` off. A kind without a row in alert_settings is on.
 */
export function alertOn(userId: SQL, kind: AlertKind): SQL {
  return sql`not exists (select 1 from alert_settings a
    where a.user_id = ${userId} and a.kind = ${kind}::text and not a.enabled)`;
}
