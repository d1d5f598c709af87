import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** One money movement. Its entries sum to zero; (kind, reference) makes posting the same movement twice impossible. */
export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    memo: text("memo"),
    /** The building the money moved for (a purchase, a sale, a development and their credits), if any. */
    buildingId: text("building_id"),
    /** The building's name when the money moved: what the player's statement shows, whatever it is called later. */
    buildingName: text("building_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ledger_journals_kind_reference_key").on(t.kind, t.reference)],
);

/**
 * Signed integer cents. Positive = credit: for a liability such as a player's earnings it raises the balance.
 * Accounts are named, e.g. `earnings:<userId>`, `card_funding`, `platform_revenue`.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey(),
    journalId: uuid("journal_id")
      .notNull()
      .references(() => ledgerJournals.id),
    account: text("account").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.account),
    index("ledger_entries_journal_idx").on(t.journalId),
  ],
);
