import type { FastifyInstance } from "fastify";
import { countJobs } from "../../jobs/inspect";

type Series = { count: number; seconds: number; buckets: number[] };
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Request counts and latency per route and status, and the job queue's jobs per queue and state, in Prometheus'
 * text format at /metrics. The jobs are counted in the shared database, so every instance reports the same ones.
 */
export async function metrics(app: FastifyInstance): Promise<void> {
  const series = new Map<string, Series>();
  const started = Date.now();

  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? "unmatched";
    const key = `method="${req.method}",route="${route}",status="${reply.statusCode}"`;
    let s = series.get(key);
    if (!s) {
      s = { count: 0, seconds: 0, buckets: BOUNDS.map(() => 0) };
      series.set(key, s);
    }
    const seconds = reply.elapsedTime / 1000;
    s.count += 1;
    s.seconds += seconds;
    BOUNDS.forEach((bound, i) => {
      if (seconds <= bound && s) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
    });
  });

  app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    const lines = [
      "# HELP process_uptime_seconds Seconds since the server started.",
      "# TYPE process_uptime_seconds gauge",
      `process_uptime_seconds ${(Date.now() - started) / 1000}`,
      "# HELP process_resident_memory_bytes Resident memory.",
      "# TYPE process_resident_memory_bytes gauge",
      `process_resident_memory_bytes ${process.memoryUsage().rss}`,
      "# HELP http_request_duration_seconds Time to answer a request.",
      "# TYPE http_request_duration_seconds histogram",
    ];
    for (const [labels, s] of series) {
      BOUNDS.forEach((bound, i) => {
        lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${s.buckets[i]}`);
      });
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${s.seconds}`);
      lines.push(`http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    try {
      const jobs = await countJobs(app.deps.db);
      if (jobs.length > 0) {
        lines.push(
          "# HELP jobs Background jobs kept by the job queue, per queue and state.",
          "# TYPE jobs gauge",
        );
        for (const { queue, state, count } of jobs)
          lines.push(`job_queue_jobs{queue="${queue}",state="${state}"} ${count}`);
      }
    } catch (error) {
      req.log.warn({ err: error }, "jobs could not be counted");
    }
    reply.type("text/plain; version=0.0.4");
    return `${lines.join("\n")}\n`;
  });
}
