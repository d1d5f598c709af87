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
