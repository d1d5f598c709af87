/**
 * Named points between the steps of a money operation where the crash tests stop the process dead. `CRASH_AT`
 * names one point; the process kills itself with SIGKILL when it gets there, as a power cut would: no handler,
 * no clean-up, nothing flushed. Unset (always, in production) every point is a no-op.
 */
const armed = process.env.NODE_ENV === "production" ? null : (process.env.CRASH_AT ?? null);

export function crashPoint(name: string): void {
  if (armed !== null && armed === name) process.kill(process.pid, "SIGKILL");
}
