import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "./test/harness";
import { openLive } from "./test/live";

/* The requests in flight, as the batches of money operations ask (money/together.ts, gatherFor). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inFlight = () => t.app.deps.requests?.inFlight;

describe("the count of requests in flight", () => {
  it("leaves open live sockets out, and a request answered", async () => {
    const player = await signUp(t);
    expect(inFlight()).toBe(0);
    const live = await openLive(t.app, player.token);
    await live.next((m) => m.type === "ready");
    // A live socket stays open for as long as the player does: it is not a request waiting.
    expect(inFlight()).toBe(0);
    const res = await t.call("GET", "/api/v1/users/profile", { token: player.token });
    expect(res.statusCode).toBe(200);
    expect(inFlight()).toBe(0);
    live.close();
  });

  it("counts a request over HTTP out once its client goes away before the reply", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    // A request whose body never comes: the server waits for it, counting it; the client then gives up.
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/v1/users/login",
      headers: { "content-type": "application/json", "content-length": "100" },
    });
    req.on("error", () => {});
    req.write("{");
    await waitFor(() => inFlight() === 1);
    req.destroy();
    await waitFor(() => inFlight() === 0);
    expect(inFlight()).toBe(0);
  });
});

async function waitFor(ok: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
