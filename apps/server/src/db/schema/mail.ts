import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The dev mailbox: mail kept instead of sent while SMTP is not configured. */
export const devMail = pgTable(
  "dev_mail",
  {
    id: uuid("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_mail_to_idx").on(t.to, t.createdAt)],
);
