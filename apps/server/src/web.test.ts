import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "mx-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(dist, "map.html"), "<!doctype html><title>map</title>");
  writeFileSync(path.join(dist, "assets", "main-abc123.js"), "console.log(1)");
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

describe("serving the web app", () => {
  it.each(["/", "/login", "/profile", "/Account-settings", "/anything/else?x=1"])(
    "answers %s with the app",
    async (url) => {
      const res = await t.call("GET", url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>app</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("answers /map with the static map page", async () => {
    expect((await t.call("GET", "/map")).body).toContain("<title>map</title>");
  });

  it("caches hashed assets for a year", async () => {
    const res = await t.call("GET", "/assets/main-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves a file built after the server started", async () => {
    writeFileSync(path.join(dist, "assets", "late-def456.js"), "console.log(2)");
    expect((await t.call("GET", "/assets/late-def456.js")).statusCode).toBe(200);
  });

  it("keeps JSON 404s for the API and for missing files", async () => {
    const api = await t.call("GET", "/api/v1/nothing");
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("NOT_FOUND");
    expect((await t.call("GET", "/assets/missing.js")).statusCode).toBe(404);
  });
});
