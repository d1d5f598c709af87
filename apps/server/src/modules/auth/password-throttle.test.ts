import { PASSWORD_ATTEMPTS_BEFORE_LOCK } from "@mx/shared/constants";
import { formats, serverMessages } from "@mx/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginThrottles } from "../../db/schema/otp";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { lockSeconds } from "./password-throttle";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = "203.0.113.7") =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/users/login",
    remoteAddress,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email, password }),
  });
const statuses = (replies: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
/** The lock-out of one pair ends now (as if its time had passed). */
const lockOver = (account: string) =>
  t.app.deps.db
    .update(loginThrottles)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginThrottles.account, account));

describe("sign-in guesses sent in parallel", () => {
  it("are all counted before any password is checked: of 60 at once only 10 are checked", async () => {
    const player = await signUp(t);
    const guesses = Array.from({ length: 59 }, (_, i) => `guess ${i}`);
    const replies = await Promise.all([...guesses, player.password].map((p) => login(player.email, p)));
    const counts = statuses(replies);
    // Whichever 10 were counted first were checked (the right one may be among them); every other one was refused.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(PASSWORD_ATTEMPTS_BEFORE_LOCK);
    expect(counts[429]).toBe(60 - PASSWORD_ATTEMPTS_BEFORE_LOCK);
    for (const r of replies.filter((r) => r.statusCode === 429)) {
      expect(r.json().message).toMatch(/^Too many incorrect passwords\. Please try again in \d+ minutes?\.$/);
    }
  });

  it("do not get the right password through a lock-out, however many are sent", async () => {
    const player = await signUp(t);
    for (let i = 0; i < PASSWORD_ATTEMPTS_BEFORE_LOCK; i++) await login(player.email, `wrong ${i}`);
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(player.email, i === 30 ? player.password : `again ${i}`)),
    );
    expect(statuses(replies)).toEqual({ 429: 60 });
  });
});

describe("lock-out per account and source", () => {
  it("a stranger's wrong guesses do not lock the player out of their own device", async () => {
    const player = await signUp(t);
    const stranger = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(player.email, `stranger ${i}`, "198.51.100.66")),
    );
    expect(statuses(stranger)).toEqual({ 401: 10, 429: 5 });
    const own = await login(player.email, player.password, "192.0.2.10");
    expect(own.statusCode).toBe(200);
    // The stranger's address stays locked, even with the right password.
    expect((await login(player.email, player.password, "198.51.100.66")).statusCode).toBe(429);
  });

  it("each lock-out lasts twice the one before", async () => {
    const player = await signUp(t);
    const lockedFor = async () => {
      for (let i = 0; i < PASSWORD_ATTEMPTS_BEFORE_LOCK; i++) await login(player.email, "wrong");
      const locked = await login(player.email, "wrong");
      expect(locked.statusCode).toBe(429);
      return Number(locked.headers["retry-after"]);
    };
    expect(await lockedFor()).toBe(lockSeconds(0));
    await lockOver(player.email);
    expect(await lockedFor()).toBe(lockSeconds(1));
    await lockOver(player.email);
    expect(await lockedFor()).toBe(lockSeconds(2));
    expect([lockSeconds(0), lockSeconds(1), lockSeconds(2)]).toEqual([300, 600, 1200]);
    // While locked, a try is refused without being counted, and says how long is left.
    const during = await login(player.email, player.password);
    expect(during.json().message).toBe(
      formats.tooManyPasswordAttempts(Number(during.headers["retry-after"])),
    );
    await lockOver(player.email);
    expect((await login(player.email, player.password)).statusCode).toBe(200);
  });

  it("a right password clears the count", async () => {
    const player = await signUp(t);
    for (let i = 0; i < PASSWORD_ATTEMPTS_BEFORE_LOCK - 1; i++) await login(player.email, "wrong");
    expect((await login(player.email, player.password)).statusCode).toBe(200);
    for (let i = 0; i < PASSWORD_ATTEMPTS_BEFORE_LOCK - 1; i++) await login(player.email, "wrong");
    expect((await login(player.email, player.password)).statusCode).toBe(200);
  });

  it("unknown e-mails are counted and answered like wrong passwords", async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => login("nobody-here@example.com", "whatever")),
    );
    expect(statuses(replies)).toEqual({ 401: 10, 429: 2 });
    expect(replies.find((r) => r.statusCode === 401)?.json().message).toBe(serverMessages.invalidCredentials);
  });
});

describe("change-password", () => {
  it("counts wrong current passwords, in parallel too, and locks like sign-in", async () => {
    const player = await signUp(t);
    const change = (currentPassword: string) =>
      t.call("PUT", "/api/v1/users/change-password", {
        token: player.token,
        body: { currentPassword, newPassword: "a new secret" },
      });
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`guess ${i}`)));
    expect(statuses(replies)).toEqual({ 400: 10, 429: 10 });
    const right = await change(player.password);
    expect(right.statusCode).toBe(429);
    expect((await login(player.email, "a new secret")).statusCode).toBe(401);
  });
});
