import { serverMessages } from "@mx/shared/messages";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users";
import { buildPlayer, createTestApp, signUp, type TestApp, verifiedToken } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpWith = (body: unknown) => t.call("POST", "/api/v1/users/", { body });
const userCount = async () => {
  const [row] = await t.app.deps.db.select({ n: count() }).from(users);
  return row?.n;
};

describe("POST /api/v1/users/ (sign-up)", () => {
  it("creates the account with a verified code's token and signs the player in", async () => {
    const player = buildPlayer();
    const otpToken = await verifiedToken(t, player.email);
    const res = await signUpWith({
      ...player,
      otpToken,
      userType: "app",
      appType: "ios",
      deviceToken: String(Date.now()),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.statusCode).toBe(201);
    expect(body.message).toBe(serverMessages.accountCreated);
    expect(body.data).toEqual({ accessToken: expect.any(String), userId: expect.any(String) });
    const profile = await t.call("GET", "/api/v1/users/profile", { token: body.data.accessToken });
    expect(profile.json().data).toMatchObject({
      _id: body.data.userId,
      email: player.email,
      userName: player.userName,
      fullName: player.fullName,
      buildingColor: "#ffffff",
      totalPropertyPrice: 0,
      isStripeIntegrated: false,
      stripeConnAccId: null,
    });
  });

  it("takes a numeric deviceToken and no optional fields", async () => {
    const player = buildPlayer();
    const otpToken = await verifiedToken(t, player.email);
    expect((await signUpWith({ ...player, otpToken, deviceToken: Date.now() })).statusCode).toBe(201);
  });

  it("should fail with 400 when the token is reused", async () => {
    const player = buildPlayer();
    const otpToken = await verifiedToken(t, player.email);
    expect((await signUpWith({ ...player, otpToken })).statusCode).toBe(201);
    const again = await signUpWith({ ...buildPlayer({ email: player.email }), otpToken });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(serverMessages.otpTokenInvalid);
  });

  it("should fail with 400 when the token was issued for another e-mail", async () => {
    const a = buildPlayer();
    const otpToken = await verifiedToken(t, a.email);
    const res = await signUpWith({ ...buildPlayer(), otpToken });
    expect(res.statusCode).toBe(400);
  });

  it("should fail with 400 when the token came from a recovery code", async () => {
    const existing = await signUp(t);
    const otpToken = await verifiedToken(t, existing.email, "UFP");
    const res = await signUpWith({ ...buildPlayer({ email: existing.email }), otpToken });
    expect(res.statusCode).toBe(400);
  });

  it("should fail with 400 for a made-up token", async () => {
    const res = await signUpWith({ ...buildPlayer(), otpToken: "made-up" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.otpTokenInvalid);
  });

  it("should fail with 409 for a taken username, whatever its case, and keep the token usable", async () => {
    const first = await signUp(t);
    const player = buildPlayer();
    const otpToken = await verifiedToken(t, player.email);
    const clash = await signUpWith({ ...player, userName: first.userName.toUpperCase(), otpToken });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(serverMessages.userNameTaken);
    expect((await signUpWith({ ...player, otpToken })).statusCode).toBe(201);
  });

  it("lets exactly one of two parallel sign-ups claim a username", async () => {
    const a = buildPlayer();
    const b = buildPlayer({ userName: a.userName });
    const [ta, tb] = [await verifiedToken(t, a.email), await verifiedToken(t, b.email)];
    const results = await Promise.all([
      signUpWith({ ...a, otpToken: ta }),
      signUpWith({ ...b, otpToken: tb }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ["a short password", { password: "12345" }, "password: must be at least 6 characters"],
    ["an over-long password", { password: "x".repeat(129) }, "password: must be at most 128 characters"],
    ["an over-long full name", { fullName: "x".repeat(81) }, "fullName: must be at most 80 characters"],
    ["a blank full name", { fullName: "   " }, "fullName: is required"],
    ["a username with spaces", { userName: "two words" }, "userName: may contain only"],
    ["a short username", { userName: "ab" }, "userName: must be at least 3 characters"],
    ["a bad e-mail", { email: "nope" }, "email: must be a valid email address"],
    ["a missing password", { password: undefined }, "password: is required"],
    ["an unknown field", { isAdmin: true }, 'unknown field "isAdmin"'],
    ["a wrong type", { fullName: 7 }, "fullName: must be a string"],
  ])("should fail with 400 and write nothing for %s", async (_name, change, message) => {
    const before = await userCount();
    const res = await signUpWith({ ...buildPlayer(), otpToken: "whatever", ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await userCount()).toBe(before);
  });
});

describe("GET /api/v1/users/username-available", () => {
  const check = (userName: string) =>
    t.call("GET", `/api/v1/users/username-available?userName=${encodeURIComponent(userName)}`);

  it("says whether a name is free, without regard to case, before any code is sent", async () => {
    const player = await signUp(t);
    const taken = await check(player.userName.toUpperCase());
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      statusCode: 200,
      message: serverMessages.userNameTaken,
      data: { available: false },
    });
    const free = await check(`${player.userName}_x`);
    expect(free.json()).toEqual({
      statusCode: 200,
      message: serverMessages.userNameAvailable,
      data: { available: true },
    });
  });

  it("should fail with 400 for a name the sign-up form would refuse", async () => {
    const res = await check("a b");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("userName: may contain only letters, digits, '.', '_' and '-'");
    expect((await t.call("GET", "/api/v1/users/username-available")).statusCode).toBe(400);
  });

  it("is rate-limited like the other sign-up calls", async () => {
    const limited = await createTestApp({
      rateLimit: { max: 1000, authMax: 3, redisUrl: null, redisPrefix: "" },
    });
    try {
      const replies = [];
      for (let i = 0; i < 5; i++) {
        replies.push(await limited.call("GET", "/api/v1/users/username-available?userName=someone"));
      }
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
