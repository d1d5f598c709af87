/**
 * The market bench's HTTP clients, in a process of their own: real requests over keep-alive connections, as
 * browsers would send them. Told the address, the purchases to make and how many to keep in flight; reports each
 * purchase's latency, and the first failure if any.
 */
import http from "node:http";

type Purchase = { token: string; buildingId: string; bidAmount: number; key: string };
type Start = { url: string; purchases: Purchase[]; concurrency: number };

function post(agent: http.Agent, url: URL, purchase: Purchase): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    buildingId: purchase.buildingId,
    bidAmount: purchase.bidAmount,
    isApplePay: false,
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: "/api/v1/properties/buy",
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${purchase.token}`,
          "idempotency-key": purchase.key,
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

process.once("message", async ({ url, purchases, concurrency }: Start) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let failure: string | null = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < purchases.length && !failure) {
        const purchase = purchases[next++] as Purchase;
        const t0 = performance.now();
        const res = await post(agent, target, purchase).catch((error: Error) => ({
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
