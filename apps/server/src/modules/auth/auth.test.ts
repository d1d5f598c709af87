import { PASSWORD_ATTEMPTS_BEFORE_LOCK } from "@mx/shared/constants";
import { formats, serverMessages } from "@mx/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, verifiedToken } from "../../test/harness";
import { lockSeconds } from "./password-throttle";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.call("POST", "/api/v1/users/login", { body: { email, password } });
const profile = (token: string) => t.call("GET", "/api/v1/users/profile", { token });

describe("POST /api/v1/users/login", () => {
  it("returns a token and the user id", async () => {
    const player = await signUp(t);
    const res = await login(player.email.toUpperCase(), player.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ accessToken: expect.any(String), userId: player.userId });
    expect((await profile(res.json().data.accessToken)).statusCode).toBe(200);
  });

  it("should fail with 401 and one message for a wrong password or an unknown e-mail", async () => {
    const player = await signUp(t);
    const wrong = await login(player.email, "wrong password");
    const unknown = await login("nobody@example.com", player.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        message: serverMessages.invalidCredentials,
        code: "INVALID_CREDENTIALS",
      });
    }
  });

  it("should fail with 429 after repeated failures for one e-mail, even with the right password", async () => {
    const player = await signUp(t);
    for (let i = 0; i < PASSWORD_ATTEMPTS_BEFORE_LOCK; i++) await login(player.email, "wrong password");
    const res = await login(player.email, player.password);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(formats.tooManyPasswordAttempts(lockSeconds(0)));
    expect(res.json().message).toBe("Too many incorrect passwords. Please try again in 5 minutes.");
    expect(res.headers["retry-after"]).toBe(String(lockSeconds(0)));
  });

  it("should fail with 400 for a missing password", async () => {
    const res = await t.call("POST", "/api/v1/users/login", { body: { email: "a@b.co" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("password: is required");
  });
});

describe("sessions", () => {
  it("should fail with 401 when the token is missing or unknown", async () => {
    expect((await t.call("GET", "/api/v1/users/profile")).statusCode).toBe(401);
    expect((await profile("not-a-real-token")).statusCode).toBe(401);
  });

  it("accepts a bare token as well as a bearer token", async () => {
    const player = await signUp(t);
    const res = await t.call("GET", "/api/v1/users/profile", { headers: { authorization: player.token } });
    expect(res.statusCode).toBe(200);
  });

  it("logout revokes the token", async () => {
    const player = await signUp(t);
    expect((await t.call("POST", "/api/v1/users/logout", { token: player.token })).statusCode).toBe(200);
    expect((await profile(player.token)).statusCode).toBe(401);
  });

  it("refresh returns a new token and retires the old one", async () => {
    const player = await signUp(t);
    const res = await t.call("POST", "/api/v1/users/refresh-token", { token: player.token });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json().data;
    expect(accessToken).not.toBe(player.token);
    expect((await profile(player.token)).statusCode).toBe(401);
    expect((await profile(accessToken)).statusCode).toBe(200);
  });
});

describe("PUT /api/v1/users/change-password", () => {
  it("changes the password, ends every session and returns a new token", async () => {
    const player = await signUp(t);
    const other = (await login(player.email, player.password)).json().data.accessToken;
    const res = await t.call("PUT", "/api/v1/users/change-password", {
      token: player.token,
      body: { currentPassword: player.password, newPassword: "a new secret" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(serverMessages.passwordChanged);
    expect((await profile(player.token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(res.json().data.accessToken)).statusCode).toBe(200);
    expect((await login(player.email, player.password)).statusCode).toBe(401);
    expect((await login(player.email, "a new secret")).statusCode).toBe(200);
  });

  it("should fail with 400 for a wrong current password and change nothing", async () => {
    const player = await signUp(t);
    const res = await t.call("PUT", "/api/v1/users/change-password", {
      token: player.token,
      body: { currentPassword: "not it", newPassword: "a new secret" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.currentPasswordWrong);
    expect((await login(player.email, player.password)).statusCode).toBe(200);
  });

  it("should fail with 400 for a new password under 6 characters", async () => {
    const player = await signUp(t);
    const res = await t.call("PUT", "/api/v1/users/change-password", {
      token: player.token,
      body: { currentPassword: player.password, newPassword: "short" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("newPassword: must be at least 6 characters");
  });
});

describe("POST /api/v1/users/reset-password", () => {
  const reset = (body: unknown) => t.call("POST", "/api/v1/users/reset-password", { body });

  it("sets a new password with a recovery token and ends every session", async () => {
    const player = await signUp(t);
    const otpToken = await verifiedToken(t, player.email, "UFP");
    const res = await reset({ email: player.email, otpToken, newPassword: "brand new pass" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(serverMessages.passwordReset);
    expect((await profile(player.token)).statusCode).toBe(401);
    expect((await login(player.email, player.password)).statusCode).toBe(401);
    expect((await login(player.email, "brand new pass")).statusCode).toBe(200);
  });

  it("should fail with 400 when the token is reused", async () => {
    const player = await signUp(t);
    const otpToken = await verifiedToken(t, player.email, "UFP");
    expect((await reset({ email: player.email, otpToken, newPassword: "first new" })).statusCode).toBe(200);
    const again = await reset({ email: player.email, otpToken, newPassword: "second new" });
    expect(again.statusCode).toBe(400);
    expect((await login(player.email, "first new")).statusCode).toBe(200);
  });

  it("should fail with 400 for another e-mail's token or a sign-up token", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const aToken = await verifiedToken(t, a.email, "UFP");
    expect((await reset({ email: b.email, otpToken: aToken, newPassword: "hijacked" })).statusCode).toBe(400);
    expect((await login(b.email, b.password)).statusCode).toBe(200);
  });

  it("should fail with 400 for a short password and keep the token usable", async () => {
    const player = await signUp(t);
    const otpToken = await verifiedToken(t, player.email, "UFP");
    const short = await reset({ email: player.email, otpToken, newPassword: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("newPassword: must be at least 6 characters");
    expect((await reset({ email: player.email, otpToken, newPassword: "123456" })).statusCode).toBe(200);
  });
});
