/**
 * The hot-reads bench's HTTP clients, in a process of their own: `connections` keep-alive connections, each
 * sending GETs back to back for `seconds`. Reports every request's latency, and the first failure if any.
 */
import http from "node:http";

type Start = { url: string; headers: Record<string, string>; connections: number; seconds: number };

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

process.once("message", async ({ url, headers, connections, seconds }: Start) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failure: string | null = null;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until && !failure) {
        const t0 = performance.now();
        const status = await get(agent, target, headers).catch(() => 0);
        if (status !== 200) failure = `status ${status}`;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  process.send?.({ latencies, elapsedMs, failure }, () => process.exit(0));
});
