export type Figures = { perSecond: number; p50: number; p99: number };

/** The latency below which `p` per cent of these fall (0 when there are none). */
export function percentile(latencies: number[], p: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Prints throughput and latency percentiles of `count` operations that took `elapsedMs` in all. */
export function report(
  name: string,
  { latencies, elapsedMs, concurrency }: { latencies: number[]; elapsedMs: number; concurrency: number },
): Figures {
  const result = {
    perSecond: (latencies.length * 1000) / elapsedMs,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
  return printFigures(name, { ...result, count: latencies.length, concurrency });
}

/** Prints figures measured elsewhere (another process). */
export function printFigures(name: string, f: Figures & { count: number; concurrency: number }): Figures {
  console.log(
    `  ${name.padEnd(44)} ${f.perSecond.toFixed(1).padStart(8)}/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms   (n=${f.count}, ${f.concurrency} in flight)`,
  );
  return { perSecond: f.perSecond, p50: f.p50, p99: f.p99 };
}

/** Runs `fn` `count` times with `concurrency` in flight; prints throughput and latency percentiles. */
export async function measure(
  name: string,
  { count, concurrency }: { count: number; concurrency: number },
  fn: (i: number) => Promise<void>,
): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return report(name, { latencies, elapsedMs: performance.now() - started, concurrency });
}
