import { serverMessages } from "@mx/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "./test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the HTTP surface", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await t.call("GET", "/healthz")).json()).toEqual({ status: "ok" });
    expect((await t.call("GET", "/readyz")).json()).toEqual({ status: "ready" });
  });

  it("publishes OpenAPI with every account path at /api/docs", async () => {
    const res = await t.call("GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/v1/otp/create",
      "/api/v1/otp/verify",
      "/api/v1/users/",
      "/api/v1/users/login",
      "/api/v1/users/profile",
      "/api/v1/users/{id}",
      "/api/v1/users/logout",
      "/api/v1/users/refresh-token",
      "/api/v1/users/change-password",
      "/api/v1/users/reset-password",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("should fail with a 404 envelope for an unknown API path", async () => {
    const res = await t.call("GET", "/api/v1/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: "No route for GET /api/v1/nothing-here.",
      code: "NOT_FOUND",
    });
  });

  it("counts requests per route for Prometheus at /metrics", async () => {
    await t.call("GET", "/healthz");
    const res = await t.call("GET", "/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/,
    );
  });

  it("sends security headers and a content security policy", async () => {
    const page = await t.call("GET", "/");
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("sends JSON the security headers a JSON reply needs, and not a page's", async () => {
    for (const url of ["/healthz", "/readyz?x=1", "/api/v1/config", "/api/v1/nothing-here"]) {
      const res = await t.call("GET", url);
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["strict-transport-security"], url).toContain("max-age=");
      expect(res.headers["referrer-policy"], url).toBeUndefined();
      expect(res.headers["x-xss-protection"], url).toBeUndefined();
    }
    // The API's documentation is a page.
    expect((await t.call("GET", "/api/docs")).headers["referrer-policy"]).toBe("no-referrer");
  });

  it("should fail with 413 for an oversized body", async () => {
    const res = await t.call("POST", "/api/v1/users/login", {
      body: { email: "a@b.co", password: "x".repeat(300 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it("never answers hostile input with a 500", async () => {
    const bodies = ["null", "[]", '"text"', "1", "{}", '{"email":{"$gt":""},"password":[]}', "\u0000"];
    for (const body of bodies) {
      for (const url of [
        "/api/v1/users/login",
        "/api/v1/otp/create",
        "/api/v1/otp/verify",
        "/api/v1/users/",
      ]) {
        const res = await t.call("POST", url, { body, headers: { "content-type": "application/json" } });
        expect(res.statusCode, `${url} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${body}`).toBeLessThan(500);
      }
    }
  });

  it("refuses the NUL character anywhere in a request with a 400 naming the field, signed in or not", async () => {
    const player = await signUp(t);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/v1/users/login", { email: "a\u0000@b.co", password: "x" }, "email"],
      ["POST", "/api/v1/properties/buy", { buildingId: "way/\u00001", bidAmount: 100 }, "buildingId"],
      [
        "POST",
        "/api/v1/properties/buy",
        { buildingId: "way/1", bidAmount: 100, paymentMethodId: "pm_\u0000" },
        "paymentMethodId",
      ],
      ["PUT", "/api/v1/users/profile", { location: { name: ["ok", "b\u0000"] } }, "location.name.1"],
      ["GET", "/api/v1/properties/checkPropertyDetails?text=a%00b", undefined, "text"],
      ["DELETE", "/api/v1/users/a%00b", undefined, "id"],
      ["GET", "/api/v1/no/such/a%00b", undefined, "path"],
      ["DELETE", "/api/v1/users/delete/payment/method/pm%00", undefined, "id"],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.call(method as "GET", url, { body, token: player.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(`${field}: must not contain the NUL character`);
    }
  });

  it("refuses a lone surrogate anywhere in a request with a 400 naming the field, and writes nothing", async () => {
    const player = await signUp(t);
    const lone = "\ud800";
    const cases: [string, string, string, string][] = [
      // Raw JSON, so the escape reaches the server as written.
      ["POST", "/api/v1/properties/buy", `{"buildingId":"way/${lone}1","bidAmount":100}`, "buildingId"],
      ["POST", "/api/v1/properties/buy", `{"buildingId":"\\udc00","bidAmount":100}`, "buildingId"],
      ["POST", "/api/v1/users/login", `{"email":"a${lone}@b.co","password":"x"}`, "email"],
      ["PUT", "/api/v1/users/", `{"fullName":"Ann ${lone}"}`, "fullName"],
      ["POST", "/api/v1/users/login", `{"${lone}":"x"}`, "request"],
    ];
    for (const [method, url, raw, field] of cases) {
      const res = await t.call(method as "POST", url, {
        body: raw.replaceAll(lone, "\\ud800"),
        token: player.token,
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message, raw).toBe(
        `${field}: must not contain an unpaired surrogate (invalid Unicode)`,
      );
    }
    // A proper pair (an emoji) is text like any other.
    const emoji = await t.call("PUT", "/api/v1/users/", {
      body: { fullName: "Ann \u{1F3D9}" },
      token: player.token,
    });
    expect(emoji.statusCode).toBe(200);
  });

  it("does not serve the dev mailbox when SMTP is configured", async () => {
    const smtp = await createTestApp({ mail: { smtpUrl: "smtp://127.0.0.1:1", from: "x@y.z" } });
    try {
      expect((await smtp.call("GET", "/dev/mailbox/messages")).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe("rate limiting", () => {
  it("should fail with 429 past the per-IP limit on sign-in", async () => {
    const limited = await createTestApp({
      rateLimit: { max: 1000, authMax: 3, redisUrl: null, redisPrefix: "" },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.call("POST", "/api/v1/users/login", {
          body: { email: "a@b.co", password: "whatever" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await limited.call("POST", "/api/v1/users/login", {
        body: { email: "a@b.co", password: "x" },
      });
      expect(last.json()).toMatchObject({ statusCode: 429, message: serverMessages.tooManyRequests });
    } finally {
      await limited.close();
    }
  });

  it("counts the hot reads answered from the cache, and says when to come back", async () => {
    const limited = await createTestApp({
      rateLimit: { max: 12, authMax: 1000, redisUrl: null, redisPrefix: "" },
    });
    try {
      const headers = { authorization: `Bearer ${(await signUp(limited)).token}` };
      const byId = "/api/v1/properties/checkPropertyDetails?text=way/1";
      const replies = [];
      for (let i = 0; i < 14; i++) replies.push(await limited.call("GET", byId, { headers }));
      const statuses = replies.map((r) => r.statusCode);
      // Answered (the later ones from the cache) until the address has used its requests, then refused.
      const first = statuses.indexOf(429);
      expect(first).toBeGreaterThan(1);
      expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
      // The count left is not sent on every reply, only with a refusal.
      expect(replies[0]?.headers["x-ratelimit-remaining"]).toBeUndefined();
      for (const url of [byId, "/api/v1/properties/leading-board", "/api/v1/market/listings"]) {
        const refused = await limited.call("GET", url, { headers });
        expect(refused.statusCode, url).toBe(429);
        expect(Number(refused.headers["retry-after"]), url).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("the content security policy with Stripe", () => {
  it("lets Stripe.js, its frames and its API in, and only then", async () => {
    const stripe = await createTestApp({
      stripe: {
        secretKey: "sk_test_x",
        publishableKey: "pk_test_x",
        webhookSecret: "whsec_x",
        apiBase: null,
      },
    });
    try {
      const csp = String((await stripe.call("GET", "/")).headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      // Card frames, and the shop's Embedded Checkout frame.
      expect(csp).toContain(
        "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://checkout.stripe.com",
      );
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect((await stripe.call("GET", "/api/v1/config")).json().data).toEqual({
        paymentProvider: "stripe",
        publishableKey: "pk_test_x",
        supportEmail: stripe.app.deps.config.supportEmail,
      });
    } finally {
      await stripe.close();
    }
    expect(String((await t.call("GET", "/")).headers["content-security-policy"])).not.toContain("stripe");
  });
});
