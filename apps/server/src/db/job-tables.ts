import { queryRows } from "@mx/kit/sql";
import { isUuid } from "@mx/shared/uuid";
import { sql } from "drizzle-orm";
import type { Queryable } from "./client";

/** The PostgreSQL schema the queue keeps its tables in. */
export const JOBS_SCHEMA = "pgboss";

/** Whether the queue has created its tables in this database (it does at its first start). */
async function isInstalled(db: Queryable): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ok`,
  );
  return row?.ok === true;
}

export const JOB_STATES = ["created", "retry", "active", "completed", "failed"] as const;

/** Jobs per queue and state, for /metrics; empty until the queue has created its tables. */
export async function countJobs(
  db: Queryable,
): Promise<{ queue: string; state: (typeof JOB_STATES)[number]; count: number }[]> {
  if (!(await isInstalled(db))) return [];
  return queryRows(
    db,
    sql`
    select q.name as queue, s.state, count(j.id)::int as count
    from ${sql.identifier(JOBS_SCHEMA)}.queue q
    cross join unnest(${`{${JOB_STATES.join(",")}}`}::text[]) as s(state)
    left join ${sql.identifier(JOBS_SCHEMA)}.job j on j.name = q.name and j.state::text = s.state
    where q.name not like '\\_\\_pgboss%'
    group by q.name, s.state
    order by q.name, s.state`,
  );
}

export type FailedJob = {
  queue: string;
  id: string;
  key: string | null;
  data: unknown;
  error: unknown;
  retries: number;
  failedAt: string;
};

/** Jobs that failed after their last retry, newest first: the operator's list (`npm run jobs -- failed`). */
export async function listFailedJobs(
  db: Queryable,
  { queue, id, limit = 100 }: { queue?: string; id?: string; limit?: number } = {},
): Promise<FailedJob[]> {
  if (!(await isInstalled(db))) return [];
  return queryRows<FailedJob>(
    db,
    sql`
    select name as queue, id::text, singleton_key as key, data, output as error, retry_count as retries,
      completed_on::text as "failedAt"
    from ${sql.identifier(JOBS_SCHEMA)}.job
    where state = 'failed'
      ${queue ? sql`and name = ${queue}` : sql``}
      ${id ? sql`and id::text = ${id}` : sql``}
    order by completed_on desc
    limit ${limit}`,
  );
}

/**
 * Queues a failed job again with one more try, as the queue's own retry does (its state back to `retry`, its retry
 * limit one higher); a running queue's worker takes it. False when there is no such failed job.
 */
export async function retryFailedJob(db: Queryable, queue: string, id: string): Promise<boolean> {
  if (!isUuid(id) || !(await isInstalled(db))) return false;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update ${sql.identifier(JOBS_SCHEMA)}.job
    set state = 'retry', retry_limit = retry_limit + 1, completed_on = null, start_after = greatest(start_after, now())
    where name = ${queue} and id = ${id}::uuid and state = 'failed'
    returning id::text`,
  );
  return rows.length > 0;
}
