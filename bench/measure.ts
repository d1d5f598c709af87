/** Runs `fn` `count` times with `concurrency` in flight; prints throughput and latency percentiles. */
export async function measure(
  name: string,
  { count, concurrency }: { count: number; concurrency: number },
  fn: (i: number) => Promise<void>,
): Promise<{ perSecond: number; p50: number; p99: number }> {
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
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const result = { perSecond: count / elapsed, p50: pct(50), p99: pct(99) };
  console.log(
    `  ${name.padEnd(44)} ${result.perSecond.toFixed(1).padStart(8)}/s   p50 ${result.p50.toFixed(2).padStart(7)} ms   p99 ${result.p99.toFixed(2).padStart(7)} ms   (n=${count}, ${concurrency} in flight)`,
  );
  return result;
}
