import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    // A building's watchers (told when a collection it belongs to is completed).
    index("watchlist_building_idx").on(t.buildingId),
  ],
);
