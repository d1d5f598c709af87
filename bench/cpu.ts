import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU seconds used so far by this machine's PostgreSQL processes (server and backends, read from /proc), or null
 * where that cannot be read (another OS, or a server elsewhere). Backends that have exited count through the
 * postmaster's children's time.
 */
export function postgresCpuSeconds(): number | null {
  try {
    let ticks = 0;
    let found = false;
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
        // Fields after the command name: utime, stime, cutime and cstime are the 12th to 15th.
        const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
        ticks += [11, 12, 13, 14].reduce((sum, k) => sum + Number(fields[k] ?? 0), 0);
        found = true;
      } catch {
        // The process ended while being read.
      }
    }
    return found ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** The machine's CPU time, in ticks of 1/100 s summed over its cores, and how many cores it has. */
export type MachineTicks = { user: number; system: number; idle: number; cores: number };

/** The machine's CPU time so far (Linux's /proc/stat), or null where that cannot be read. */
export function machineTicks(): MachineTicks | null {
  try {
    const lines = readFileSync("/proc/stat", "utf8").split("\n");
    const all = lines[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    // user nice system idle iowait irq softirq steal: the kernel's own work on interrupts counts as system.
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = all;
    const cores = lines.filter((line) => /^cpu\d/.test(line)).length;
    return { user: user + nice, system: system + irq + softirq + steal, idle: idle + iowait, cores };
  } catch {
    return null;
  }
}

/**
 * How busy the whole machine was between two readings (every process: the server, PostgreSQL, the load, the
 * kernel), and its CPU per operation, with the clients' part of it when told: a run that leaves cores idle waits on
 * its round trips, one that does not is bounded by the work itself.
 */
export function machineBusy(
  from: MachineTicks | null,
  to: MachineTicks | null,
  count: number,
  per: string,
  clientMs?: number,
): string {
  const clients = clientMs === undefined ? "" : `; the clients' own ${(clientMs / count).toFixed(3)} ms`;
  if (!from || !to) return `the machine's CPU cannot be read here${clients}`;
  const user = to.user - from.user;
  const system = to.system - from.system;
  const total = user + system + (to.idle - from.idle);
  if (total <= 0) return `the machine's CPU: too short to read${clients}`;
  const share = (ticks: number) => `${((100 * ticks) / total).toFixed(0)}%`;
  return `the machine: ${share(user + system)} of its ${to.cores} cores busy (user ${share(user)}, system ${share(system)}), ${(((user + system) * 10) / count).toFixed(3)} ms of all its CPU per ${per}${clients}`;
}

/** CPU time per operation (`per` names it) of this process and (with `postgres`) of local PostgreSQL, over `fn`. */
export async function cpuPer<T>(
  count: number,
  postgres: boolean,
  fn: () => Promise<T>,
  per = "purchase",
): Promise<{ result: T; line: string }> {
  const pg0 = postgres ? postgresCpuSeconds() : null;
  const node0 = process.cpuUsage();
  const result = await fn();
  const node = process.cpuUsage(node0);
  const pg1 = postgres ? postgresCpuSeconds() : null;
  const nodeMs = (node.user + node.system) / 1000 / count;
  const pgMs = pg0 !== null && pg1 !== null ? ((pg1 - pg0) * 1000) / count : null;
  return {
    result,
    line: `CPU per ${per}: server process ${nodeMs.toFixed(3)} ms${pgMs === null ? "" : `, PostgreSQL processes ${pgMs.toFixed(3)} ms`}`,
  };
}
