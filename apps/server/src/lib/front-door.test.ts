import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { lastingHeaders, overTheWire } from "../test/wire";

const get = overTheWire;
const without = lastingHeaders;

describe("the front door", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("answers /healthz over the wire with the bytes and headers Fastify's route gives", async () => {
    const routed = await t.call("GET", "/healthz");
    const front = await get(`${base}/healthz`);
    expect(front.status).toBe(200);
    expect(front.body.equals(routed.rawPayload)).toBe(true);
    expect(without(front.headers)).toEqual(without(routed.headers));
    expect(front.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(front.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("keeps a proxy's sane request id and replaces a hostile one", async () => {
    expect(
      (await get(`${base}/healthz`, { "x-request-id": "4f1c2a9be0d7aa31" })).headers["x-request-id"],
    ).toBe("4f1c2a9be0d7aa31");
    const hostile = await get(`${base}/healthz`, { "x-request-id": "x y" });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves everything else to Fastify: HEAD, a query string, other paths", async () => {
    const head = await get(`${base}/healthz`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const query = await get(`${base}/healthz?x=1`);
    expect(query.status).toBe(200);
    expect(JSON.parse(query.body.toString())).toEqual({ status: "ok" });
    // Not the health reply: the web app's page (client-side routes) answers paths it does not know.
    const other = await get(`${base}/healthz/more`);
    expect(other.body.toString()).not.toBe('{"status":"ok"}');
    expect(other.headers["content-security-policy"]).not.toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sets the configured timeouts on the server it makes", () => {
    const { http } = t.app.deps.config;
    expect(t.app.server.keepAliveTimeout).toBe(http.keepAliveTimeoutMs);
    expect(t.app.server.requestTimeout).toBe(http.requestTimeoutMs);
    expect(t.app.server.timeout).toBe(http.connectionTimeoutMs);
  });
});
