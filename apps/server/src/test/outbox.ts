import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages } from "../db/schema/outbox";
import type { AppDeps } from "../deps";
import { deliverOutbox } from "../jobs/deliver-outbox";

/** The outbox's rows, oldest first. */
export const outboxRows = (db: Db) => db.select().from(outboxMessages).orderBy(outboxMessages.createdAt);

/** The outbox's mail to one address. */
export async function outboxMailTo(db: Db, to: string) {
  return (await outboxRows(db)).filter(
    (row) => row.kind === "mail" && (row.payload as { to?: string }).to === to,
  );
}

/** Waits up to `timeoutMs` for `check` to hold, asking again every few milliseconds. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() >= until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Makes a message due now, as if its wait after a failed try had passed. */
export const makeDue = (db: Db, id: string) =>
  db.update(outboxMessages).set({ notBefore: sql`now()` }).where(eq(outboxMessages.id, id));

/** One run of the outbox's sweep, its item jobs worked here one after another; the errors they threw. */
export async function sweepOutbox(deps: AppDeps): Promise<unknown[]> {
  const errors: unknown[] = [];
  for (const item of await deliverOutbox.find(deps)) {
    await deliverOutbox.work(deps, item.data).catch((error: unknown) => errors.push(error));
  }
  return errors;
}
