/**
 * The market and develop benches' HTTP clients, in a process of their own: real POSTs over keep-alive connections,
 * as browsers would send them (a bearer token, a JSON body, an Idempotency-Key). Told the address, the route, the
 * requests to make and how many to keep in flight; reports each request's latency, and the first failure if any.
 * Like the hello-world's load (http-load.ts), each connection writes requests made beforehand and reads its replies
 * with a small parser of its own, so that the clients take as little as they can of the CPU the server shares.
 */
import net from "node:net";
import { type MachineTicks, machineTicks } from "./cpu";
import { replyEnd } from "./http-reply";

export type PostRequest = { token: string; body: unknown; key: string };
/** `pauseMs`: each connection waits this long before each of its requests (a player's pauses), none by default. */
export type PostRun = {
  url: string;
  path: string;
  requests: PostRequest[];
  concurrency: number;
  pauseMs?: number;
};
/**
 * Each request's latency, the time the requests took, and the machine's CPU and the clients' own, read at their first
 * and after their last (so that the clients' own start is left out of them).
 */
export type PostResult = {
  latencies: number[];
  elapsedMs: number;
  machine: { from: MachineTicks | null; to: MachineTicks | null };
  /** The clients' own CPU over the same time, in milliseconds. */
  clientMs: number;
};

/** A request's bytes as a browser sends them over a keep-alive connection, made before the clock starts. */
function bytesOf(target: URL, path: string, request: PostRequest): Buffer {
  const body = Buffer.from(JSON.stringify(request.body));
  const head =
    `POST ${path} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n` +
    `content-type: application/json\r\ncontent-length: ${body.length}\r\n` +
    `authorization: Bearer ${request.token}\r\nidempotency-key: ${request.key}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/** One keep-alive connection: sends a request once the last reply is whole, and reads its reply. */
async function connect(target: URL): Promise<(request: Buffer) => Promise<{ status: number; text: string }>> {
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let pending: Buffer = Buffer.alloc(0);
  let waiting: {
    resolve: (reply: { status: number; text: string }) => void;
    reject: (e: Error) => void;
  } | null = null;
  socket.on("data", (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const whole = replyEnd(pending);
    if (!whole || !waiting) return;
    const reply = {
      status: whole.status,
      text: whole.status === 200 ? "" : pending.toString("utf8", 0, 300),
    };
    pending = pending.subarray(whole.end);
    const answered = waiting;
    waiting = null;
    answered.resolve(reply);
  });
  const fail = (error: Error) => {
    waiting?.reject(error);
    waiting = null;
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("the connection closed")));
  return (request) =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      socket.write(request);
    });
}

process.once("message", async ({ url, path, requests, concurrency, pauseMs = 0 }: PostRun) => {
  const target = new URL(url);
  const prepared = requests.map((request) => bytesOf(target, path, request));
  const connections = await Promise.all(Array.from({ length: concurrency }, () => connect(target)));
  const latencies: number[] = [];
  let failure: string | null = null;
  let next = 0;
  const started = performance.now();
  const machineFrom = machineTicks();
  const cpuFrom = process.cpuUsage();
  await Promise.all(
    connections.map(async (send) => {
      while (next < prepared.length && !failure) {
        const request = prepared[next++] as Buffer;
        if (pauseMs > 0) await new Promise((resume) => setTimeout(resume, pauseMs));
        const t0 = performance.now();
        const reply = await send(request).catch((error: Error) => ({ status: 0, text: error.message }));
        if (reply.status !== 200) failure = `${reply.status} ${reply.text}`;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const machineTo = machineTicks();
  const cpu = process.cpuUsage(cpuFrom);
  process.send?.(
    {
      latencies,
      elapsedMs,
      failure,
      machine: { from: machineFrom, to: machineTo },
      clientMs: (cpu.user + cpu.system) / 1000,
    },
    () => process.exit(0),
  );
});
