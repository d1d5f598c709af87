/**
 * Named points between the steps of a money operation, for the crash tests. `CRASH_AT` names one point where the
 * process kills itself with SIGKILL, as a power cut would: no handler, no clean-up, nothing flushed. `FAIL_AT`
 * names one point that throws instead, as a failed write would, to reach the paths that follow a failure. Both are
 * ignored in production, and unset every point is a no-op.
 */
const live = process.env.NODE_ENV !== "production";
const crashAt = live ? (process.env.CRASH_AT ?? null) : null;
const failAt = live ? (process.env.FAIL_AT ?? null) : null;

export function crashPoint(name: string): void {
  if (crashAt !== null && crashAt === name) process.kill(process.pid, "SIGKILL");
}

export function failPoint(name: string): void {
  if (failAt !== null && failAt === name) throw new Error(`injected failure at ${name}`);
}
