import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "mx-pwa-"));
  mkdirSync(path.join(dist, "icons"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(dist, "offline.html"), "<!doctype html><title>offline</title>");
  writeFileSync(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "x" }));
  writeFileSync(path.join(dist, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

describe("the installable app's files", () => {
  it("serves the service worker from the root (its scope is the whole site), never cached", async () => {
    const res = await t.call("GET", "/sw.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the manifest, the offline page and the icons", async () => {
    const manifest = await t.call("GET", "/manifest.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect((await t.call("GET", "/offline.html")).body).toContain("offline");
    expect((await t.call("GET", "/icons/icon-192.png")).headers["content-type"]).toBe("image/png");
  });

  it("lets pages talk to the live channel over WebSocket (CSP connect-src)", async () => {
    const res = await t.call("GET", "/");
    expect(String(res.headers["content-security-policy"])).toMatch(
      /connect-src 'self'[^;]* ws:\/\/localhost:\d+/,
    );
  });
});
