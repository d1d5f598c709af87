import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { buildings } from "./buildings";
import { users } from "./users";

/** The buildings each player follows (at most WATCHLIST_MAX each): one row per player and building. */
export const watchlist = pgTable(
  "watchlist",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.buildingId] }),
    // A player's list, newest first.
    index("watchlist_user_created_idx").on(t.userId, t.createdAt.desc(), t.buildingId),
    // A building's watchers, for its alerts (modules/alerts/alert-watchers.ts) and a completed collection's news:
    // one index-only look per change.
    index("watchlist_building_user_idx").on(t.buildingId, t.userId),
  ],
);

/**
 * A player's switch for one kind of alert (`alertKinds` in packages/shared/src/schemas/alerts.ts): a kind without a
 * row is on. The kind is not checked here, so a kind added to the list needs no migration.
 */
export const alertSettings = pgTable(
  "alert_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
