import { Batcher, type Gather, type Outcome } from "@mx/kit/batcher";
import { queryRows } from "@mx/kit/sql";
import type { GatewayIntent } from "@mx/processors/gateway";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { AppDeps } from "../../deps";
import type { MoneyOperation } from "./operation";

/**
 * The money operation's batched option (operation.ts): the writing steps of many operations of one kind, asked for
 * at the same moment, done together (see Batcher). Each step keeps its meaning and its order: a batch reserves every
 * row it can in one transaction, notes intents in one statement, and settles every row in one transaction with all
 * their journals. Each operation still gets its own answer: its row or its own refusal, its result, or null (then
 * its money goes back, as for `settle`). The charges and the crash points stay per operation, in runOperation.
 */
export type StepsTogether<Request, Row, Done> = {
  /** Step 1 for many requests, in one transaction: each request's committed row, or why it was refused. */
  reserveMany(requests: Request[]): Promise<Outcome<Row>[]>;
  /** `note` for many rows, in one statement. */
  noteMany(items: { row: Row; intent: GatewayIntent }[]): Promise<void>;
  /** Step 3 for many rows, in one transaction: each row's result, or null when it can no longer be settled. */
  settleMany(items: { row: Row; intent: GatewayIntent | null }[]): Promise<Outcome<Done | null>[]>;
};

export type Together<Request, Row, Done> = Pick<MoneyOperation<Row, Done>, "note" | "settle"> & {
  reserve(request: Request): Promise<Row>;
  /** A reserved row's operation is over (runOperation calls it through the operation's `finished`). */
  finish(row: Row): void;
  /** Batches run per step and the operations they held, for figures. */
  stats(): Record<"reserve" | "note" | "settle", { batches: number; items: number }>;
};

/**
 * Makes an operation's reserve, note and settle steps batched: a lone operation runs as a batch of one at once; a
 * busy server writes one batch per step for all the operations that arrived together. Each step must write
 * nothing when it throws (one transaction or one statement): a batch that throws is run again one operation at a
 * time, so that one operation's bad row cannot fail the others.
 */
export function together<Request, Row extends object, Done>(
  steps: StepsTogether<Request, Row, Done>,
  {
    untilDone = false,
    gather,
    ...options
  }: {
    maxSize: number;
    maxRunning: number;
    /**
     * How a reserving batch waits a moment for company while other requests are in flight (see Gather). Only the
     * reservations wait: the notes and settlements come from operations that were reserved together, so they
     * already arrive close together, and a wait would only delay them.
     */
    gather?: Gather;
    /**
     * Counts a reserving batch as running until every operation it reserved is over (settled, waiting or
     * released), not only until its rows are written: under load the next batch then gathers every request that
     * arrived meanwhile, so each step writes fewer, larger batches. Pays where the charge takes no time (the
     * sandbox); a slow processor would hold the next batch back (a batch's hold lasts at most `HOLD_MAX_MS`).
     */
    untilDone?: boolean;
  },
): Together<Request, Row, Done> {
  const batch = { ...options, retryAlone: true };
  const open = new WeakMap<Row, () => void>();
  const holdSlot = (outcomes: Outcome<Row>[]) =>
    Promise.all(
      outcomes.flatMap((outcome) =>
        outcome.ok
          ? [
              new Promise<void>((done) => {
                open.set(outcome.value, done);
                setTimeout(done, HOLD_MAX_MS).unref();
              }),
            ]
          : [],
      ),
    );
  const reserving = new Batcher(steps.reserveMany, {
    ...batch,
    ...(untilDone ? { holdSlot } : {}),
    ...(gather ? { gather } : {}),
  });
  const noting = new Batcher(async (items: { row: Row; intent: GatewayIntent }[]) => {
    await steps.noteMany(items);
    return items.map(() => ({ ok: true as const, value: undefined }));
  }, batch);
  const settling = new Batcher(steps.settleMany, batch);
  return {
    reserve: (request) => reserving.load(request),
    finish(row) {
      open.get(row)?.();
      open.delete(row);
    },
    note: (row, intent) => noting.load({ row, intent }),
    settle: (row, intent) => settling.load({ row, intent }),
    stats: () => ({
      reserve: { ...reserving.stats },
      note: { ...noting.stats },
      settle: { ...settling.stats },
    }),
  };
}

/**
 * `noteMany` as every operation's table does it: each intent noted on its row while the row is still open (`state`
 * is `open`), in one statement, and on the rows in hand.
 */
export async function noteIntents<Row extends { id: string; paymentIntentId: string | null }>(
  q: Queryable,
  table: { name: string; state: string; open: string },
  items: { row: Row; intent: GatewayIntent }[],
): Promise<void> {
  const marks = items.map(({ row, intent }) => ({ id: row.id, intent_id: intent.id }));
  await queryRows(
    q,
    sql`
    with m as (select * from json_to_recordset(${JSON.stringify(marks)}::json) as m(id uuid, intent_id text))
    update ${sql.identifier(table.name)} t set payment_intent_id = m.intent_id
    from m where t.id = any(array(select id from m)) and t.id = m.id
      and t.${sql.identifier(table.state)}::text = ${table.open}`,
    `note-${table.name}`,
  );
  for (const { row, intent } of items) row.paymentIntentId = intent.id;
}

/**
 * How a reserving batch of this app waits for company (`together`'s `gather`): up to `waitMs` while other requests
 * are in flight. Batches asked for outside any request (jobs, recovery) wait alike while requests are in flight.
 */
export function gatherFor(deps: AppDeps, waitMs: number): Gather {
  return { waitMs, busy: () => deps.requests?.inFlight ?? 0 };
}

/** The longest a reserving batch waits for its operations before the next one may start (`untilDone`). */
const HOLD_MAX_MS = 2_000;
