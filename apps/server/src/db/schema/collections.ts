import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Each time a player completed a collection (owned every member of it; the collections themselves are
 * data/collections.json): held while `lost_at` is null, "once held" after. At most one holder per collection.
 */
export const collectionCompletions = pgTable(
  "collection_completions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The collection's id (slug) in the collections file. */
    collectionId: text("collection_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    lostAt: timestamp("lost_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("collection_completions_holder_key").on(t.collectionId).where(sql`${t.lostAt} is null`),
    index("collection_completions_user_idx").on(t.userId, t.collectionId),
  ],
);
