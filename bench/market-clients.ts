/**
 * The market and develop benches' HTTP clients, in a process of their own: real POSTs over keep-alive connections,
 * as browsers would send them (a bearer token, a JSON body, an Idempotency-Key). Told the address, the route, the
 * requests to make and how many to keep in flight; reports each request's latency, and the first failure if any.
 */
import http from "node:http";

export type PostRequest = { token: string; body: unknown; key: string };
export type PostRun = { url: string; path: string; requests: PostRequest[]; concurrency: number };

function post(
  agent: http.Agent,
  url: URL,
  path: string,
  request: PostRequest,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${request.token}`,
          "idempotency-key": request.key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

process.once("message", async ({ url, path, requests, concurrency }: PostRun) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let failure: string | null = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length && !failure) {
        const request = requests[next++] as PostRequest;
        const t0 = performance.now();
        const res = await post(agent, target, path, request).catch((error: Error) => ({
          status: 0,
          body: error.message,
        }));
        if (res.status !== 200) failure = `${res.status} ${res.body}`;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  process.send?.({ latencies, elapsedMs, failure }, () => process.exit(0));
});
