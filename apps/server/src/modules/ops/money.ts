import { AppError } from "@mx/kit/errors";
import type { MoneyHealth } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, desc, eq } from "drizzle-orm";
import { listFailedJobs, retryFailedJob } from "../../db/job-tables";
import { outboxMessages } from "../../db/schema/outbox";
import type { AppDeps } from "../../deps";
import { checkLedger } from "../ledger/check-ledger";
import { reconcileWithProcessor } from "../money/reconcile-processor";
import { type Actor, audit } from "./audit";

/**
 * What `npm run ledger:check` prints (the ledger's own checks, then the processor's records of the last 30 days
 * against ours), the jobs that failed after their last retry, and the outbox's messages whose tries are spent.
 */
export async function moneyHealth(deps: AppDeps, now = new Date()): Promise<MoneyHealth> {
  const problems = [
    ...(await checkLedger(deps.db)),
    ...(await reconcileWithProcessor(deps.db, deps.gateway, {
      createdFrom: new Date(now.getTime() - 30 * 86_400_000),
      // A second ahead: rows keep microseconds, a Date only milliseconds.
      createdTo: new Date(now.getTime() + 1_000),
    })),
  ];
  const failedJobs = (await listFailedJobs(deps.db, { limit: 50 })).map((job) => ({
    queue: job.queue,
    id: job.id,
    failedAt: job.failedAt,
    retries: Number(job.retries),
  }));
  const failedMessages = await deps.db
    .select({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      state: outboxMessages.state,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.state, "failed"))
    .orderBy(desc(outboxMessages.id))
    .limit(50);
  return { problems, failedJobs, failedMessages };
}

/** Puts a failed outbox message back in the queue with its tries afresh; the outbox's sweep sends it. */
export async function retryMessage(deps: AppDeps, actor: Actor, id: string): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = isUuid(id)
      ? await tx
          .update(outboxMessages)
          .set({ state: "queued", attempts: 0, notBefore: new Date() })
          .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, "failed")))
          .returning({ id: outboxMessages.id, kind: outboxMessages.kind })
      : [];
    if (!row) throw new AppError("NOT_FOUND", `No failed message with id ${id}.`);
    await audit(tx, actor, {
      action: "outbox.retry",
      targetType: "outbox",
      targetId: id,
      before: { state: "failed" },
      after: { state: "queued", kind: row.kind },
    });
    return { id };
  });
}

/** Queues a job that failed after its last retry again, with one more try; the job queue's worker runs it. */
export async function retryJob(
  deps: AppDeps,
  actor: Actor,
  queue: string,
  id: string,
): Promise<{ queue: string; id: string }> {
  return deps.db.transaction(async (tx) => {
    if (!(await retryFailedJob(tx, queue, id))) {
      throw new AppError("NOT_FOUND", `No failed job ${id} on ${queue}.`);
    }
    await audit(tx, actor, {
      action: "job.retry",
      targetType: "job",
      targetId: id,
      before: { queue, state: "failed" },
      after: { queue, state: "retry" },
    });
    return { queue, id };
  });
}
