import type { ProcessorNotices } from "@mx/processors/gateway";
import { decideSandboxDispute, openSandboxDispute, raiseSandboxFraudWarning } from "./card-disputes";
import type { Db } from "./db";
import {
  claimNotice,
  dueNotices,
  type NoticeRow,
  noticeFailed,
  noticeSent,
  noticesSending,
} from "./notice-queue";
import { resolveSandboxPaypalDispute } from "./paypal-disputes";

/* The processors' notices told to the product: made true on the processor's side first, then told. */

/** What the sandbox tells the product, as Stripe's and PayPal's webhooks would. */
export type DisputeNotices = Pick<ProcessorNotices, "disputeChanged" | "fraudWarningRaised">;

/** Where a failed try is told. */
export type NoticeLog = { error(obj: object, msg: string): void };

/**
 * Does what a notice says on the processor's side (each step once, however often it is tried) and tells the product.
 * A payment with nothing left to dispute is told nothing.
 */
async function carryOut(db: Db, notices: DisputeNotices, row: NoticeRow): Promise<void> {
  switch (row.kind) {
    case "open_dispute": {
      const dispute = await openSandboxDispute(db, row.subject, row.detail.reason ?? "fraudulent");
      if (dispute) await notices.disputeChanged(dispute.id);
      return;
    }
    case "raise_warning": {
      const warning = await raiseSandboxFraudWarning(
        db,
        row.subject,
        row.detail.reason ?? "unauthorized_use_of_card",
      );
      if (warning) await notices.fraudWarningRaised(warning.id);
      return;
    }
    case "decide_dispute": {
      const outcome = row.detail.outcome === "lost" ? "lost" : "won";
      await decideSandboxDispute(db, row.subject, outcome);
      await notices.disputeChanged(row.subject);
      return;
    }
    case "paypal_dispute": {
      if (row.detail.outcome) await resolveSandboxPaypalDispute(db, row.subject, row.detail.outcome);
      await notices.disputeChanged(row.subject);
      return;
    }
  }
}

/**
 * Claims one notice and delivers it. `fromSweep` also takes one stuck in `sending`. Resolves with whether this call
 * delivered it; a failed try puts it back in the queue for later (or marks it failed after its last try) and throws.
 */
async function deliverNotice(
  db: Db,
  notices: DisputeNotices,
  id: string,
  { delayMs = 0, fromSweep = false } = {},
): Promise<boolean> {
  const row = await claimNotice(db, id, delayMs, { fromSweep });
  if (!row) return false;
  try {
    await carryOut(db, notices, row);
  } catch (error) {
    await noticeFailed(db, row, error);
    throw error;
  }
  await noticeSent(db, row);
  return true;
}

/** Delivers every notice due (the notice delay `delayMs` past), and every one stuck; answers what was and was not. */
async function sweepNotices(
  db: Db,
  notices: DisputeNotices,
  { delayMs = 0, log }: { delayMs?: number; log?: NoticeLog } = {},
): Promise<{ delivered: string[]; failed: string[] }> {
  const delivered: string[] = [];
  const failed: string[] = [];
  for (const id of await dueNotices(db, delayMs)) {
    await deliverNotice(db, notices, id, { delayMs, fromSweep: true })
      .then((done) => {
        if (done) delivered.push(id);
      })
      .catch((error: unknown) => {
        log?.error({ err: error, noticeId: id }, "sandbox processor: a notice could not be delivered yet");
        failed.push(id);
      });
  }
  return { delivered, failed };
}

/**
 * For tests: delivers every notice queued now, without waiting for the notice delay (a retry's wait still holds), and
 * waits for those another sender (the app's worker) is delivering at that moment. Answers the ids delivered here and
 * those whose try failed.
 */
export async function deliverSandboxNotices(
  db: Db,
  notices: DisputeNotices,
): Promise<{ delivered: string[]; failed: string[] }> {
  const swept = await sweepNotices(db, notices, { delayMs: 0 });
  const until = Date.now() + 10_000;
  while ((await noticesSending(db)) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return swept;
}

/** How often the worker looks for notices due. */
const NOTICE_SWEEP_MS = 1_000;

/**
 * The processors' sender: from `start`, a sweep at once and every NOTICE_SWEEP_MS delivers the notices whose delay
 * is past (and those a restart left behind), until `stop`.
 */
export function sandboxNoticeWorker(
  db: Db,
  notices: DisputeNotices,
  { delayMs, log }: { delayMs: number; log?: NoticeLog },
) {
  let sweep: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  // One sweep at a time: a slow one is not overtaken by the next.
  const sweepOnce = () => {
    running = running
      .then(() => (stopped ? null : sweepNotices(db, notices, { delayMs, log })))
      .catch(() => null);
    return running;
  };
  return {
    start() {
      if (sweep || stopped) return;
      void sweepOnce();
      sweep = setInterval(() => void sweepOnce(), NOTICE_SWEEP_MS);
      sweep.unref();
    },
    /** A sweep a moment from now, for a notice just queued that is not to wait (a PayPal dispute opened). */
    sweepSoon() {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void sweepOnce();
      }, 50);
      timer.unref();
      timers.add(timer);
    },
    /** Stops sweeping; resolves once a sweep under way is over. */
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      sweep = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}

export type SandboxNoticeWorker = ReturnType<typeof sandboxNoticeWorker>;
