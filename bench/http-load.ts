/**
 * A load generator in a process of its own, for the hot-reads bench: `connections` keep-alive connections, each
 * sending the same GET back to back (the next as soon as the reply is whole), first for `warmupSeconds` that do not
 * count, then for `seconds` that do. It writes a request prepared once and reads replies with a small parser of its
 * own (Content-Length or chunked), so that the client costs little of the CPU the server needs.
 * Reports throughput and latency percentiles, the bytes received, and the first failure if any.
 */
import net from "node:net";
import { replyEnd } from "./http-reply";

export type LoadRequest = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The status every reply must have (200 unless told). */
  status?: number;
};
export type LoadResult = {
  count: number;
  elapsedMs: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytesPerReply: number;
  failure: string | null;
};

function run({
  url,
  headers,
  connections,
  warmupSeconds,
  seconds,
  status = 200,
}: LoadRequest): Promise<LoadResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n${Object.entries(
      headers,
    )
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`,
  );
  const latencies: number[] = [];
  let bytes = 0;
  let failure: string | null = null;
  let counting = false;
  let stopped = false;
  const start = performance.now();
  let countFrom = start;
  let countUntil = start;
  return new Promise((resolve) => {
    let open = connections;
    const finished = () => {
      open -= 1;
      if (open > 0) return;
      if (!stopped) countUntil = performance.now();
      latencies.sort((a, b) => a - b);
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
      const elapsedMs = countUntil - countFrom;
      resolve({
        count: latencies.length,
        elapsedMs,
        perSecond: (latencies.length * 1000) / elapsedMs,
        p50: pct(50),
        p99: pct(99),
        bytesPerReply: latencies.length ? bytes / latencies.length : 0,
        failure,
      });
    };
    setTimeout(() => {
      counting = true;
      countFrom = performance.now();
      setTimeout(() => {
        stopped = true;
        countUntil = performance.now();
      }, seconds * 1000);
    }, warmupSeconds * 1000);
    for (let i = 0; i < connections; i++) {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let pending = Buffer.alloc(0);
      let sentAt = 0;
      let counted = false;
      const send = () => {
        counted = counting && !stopped;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on("connect", send);
      socket.on("data", (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const whole = replyEnd(pending);
        if (!whole) return;
        if (counted) {
          latencies.push(performance.now() - sentAt);
          bytes += whole.end;
        }
        if (whole.status !== status)
          failure ??= `status ${whole.status}: ${pending.toString("utf8", 0, 300)}`;
        pending = pending.subarray(whole.end);
        if (stopped || failure) socket.end();
        else send();
      });
      socket.on("error", (error) => {
        failure ??= error.message;
      });
      socket.on("close", finished);
    }
  });
}

process.once("message", async (message: LoadRequest) => {
  const result = await run(message);
  process.send?.(result, () => process.exit(0));
});
