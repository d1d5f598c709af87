import { expect } from "vitest";
import type { ServerProcess } from "./server-process";

/**
 * Asks a server started with CRASH_AT for something it will die in the middle of: the request can only lose its
 * connection. One that is answered never reached its crash point: the server is stopped and the test fails on the
 * answer.
 */
export async function requestThatCrashes(
  server: ServerProcess,
  route: string,
  token: string | null,
  body: unknown,
  method: "POST" | "DELETE" = "POST",
): Promise<void> {
  const answer = await fetch(`${server.base}/api/v1/${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(
    async (res) => `answered ${res.status}: ${await res.text()}`,
    () => "connection lost",
  );
  if (answer !== "connection lost") server.child.kill("SIGKILL");
  expect(answer).toBe("connection lost");
  expect(await server.exited).toBe("SIGKILL");
}

/**
 * Starts a fresh server, waits (30 s at most) until `settled` says its recovery has finished what the killed one
 * left, and stops it. On time out the server's own output is in the error, with `left` describing what is not done.
 * It is stopped as it was started to be tested, by SIGKILL: what it did is committed or not, and a graceful stop
 * would only add its drain (2.5 s) to every case.
 */
export async function restartAndRecover(
  start: () => Promise<ServerProcess>,
  settled: () => Promise<boolean>,
  left: () => Promise<string> = async () => "recovery did not settle the operation",
): Promise<void> {
  const server = await start();
  const deadline = Date.now() + 30_000;
  while (!(await settled())) {
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`${await left()}; the server printed:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill("SIGKILL");
  await server.exited;
}
