/**
 * A load generator in a process of its own, for the hot-reads bench: `connections` keep-alive connections, each
 * sending the same GET back to back (the next as soon as the reply is whole), first for `warmupSeconds` that do not
 * count, then for `seconds` that do. It writes a request prepared once and reads replies with a small parser of its
 * own (Content-Length or chunked), so that the client costs little of the CPU the server needs.
 * Reports throughput and latency percentiles, the bytes received, and the first failure if any.
 */
import net from "node:net";

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

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/** Where the first whole reply in `buf` ends, its status, or null while it is incomplete. */
function replyEnd(buf: Buffer): { end: number; status: number } | null {
  const head = buf.indexOf(HEADER_END);
  if (head < 0) return null;
  const headers = buf.toString("latin1", 0, head).toLowerCase();
  const status = Number(headers.slice(9, 12));
  let at = head + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) {
    const end = at + Number(length[1]);
    return end <= buf.length ? { end, status } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/.test(headers)) return { end: at, status };
  for (;;) {
    const line = buf.indexOf(CRLF, at);
    if (line < 0) return null;
    const size = Number.parseInt(buf.toString("latin1", at, line), 16);
    at = line + 2 + size + 2;
    if (at > buf.length) return null;
    if (size === 0) return { end: at, status };
  }
}

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
