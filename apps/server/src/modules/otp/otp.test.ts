import { OTP_MAX_ATTEMPTS } from "@mx/shared/constants";
import { accountMails, formats, serverMessages } from "@mx/shared/messages";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildPlayer, createTestApp, latestCode, mailbox, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const create = (body: unknown) => t.call("POST", "/api/v1/otp/create", { body });
const verify = (body: unknown) => t.call("POST", "/api/v1/otp/verify", { body });
const mailsTo = async (email: string) => (await mailbox(t, email)) as unknown[];
/** A 4-digit code that is not `code`. */
const wrong = (code: string) => (Number(code) + 1) % 10_000;

describe("POST /api/v1/otp/create", () => {
  it("mails a 4-digit sign-up code and says so", async () => {
    const { email } = buildPlayer();
    const res = await create({ email, type: "UR" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: serverMessages.otpSent, data: null });
    expect(await latestCode(t, email)).toMatch(/^\d{4}$/);
  });

  it("treats the e-mail without regard to case", async () => {
    const { email } = buildPlayer();
    await create({ email: email.toUpperCase(), type: "UR" });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("answers a registered e-mail exactly as a new one, and mails its owner that they have an account", async () => {
    const player = await signUp(t);
    const fresh = buildPlayer();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    const registered = await create({ email: player.email, type: "UR" });
    const unknown = await create({ email: fresh.email, type: "UR" });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual(unknown.json());
    const [mail] = (await mailsTo(player.email)) as { subject: string; text: string }[];
    expect(mail?.subject).toBe(accountMails.alreadyRegistered.subject);
    expect(mail?.text).not.toMatch(/\b\d{4}\b/);
    // Its resend wait is the same too, and no code verifies.
    const again = await create({ email: player.email, type: "UR" });
    expect(again.statusCode).toBe(429);
    for (let otp = 0; otp < OTP_MAX_ATTEMPTS - 1; otp++) {
      const res = await verify({ email: player.email, type: "UR", otp });
      expect(res.json().message).toMatch(
        /^The code is incorrect\. Please check it and try again\. \d attempts? left\.$/,
      );
    }
  });

  it("should fail with 429 and a wait time when asked again within 30 seconds", async () => {
    const { email } = buildPlayer();
    expect((await create({ email, type: "UR" })).statusCode).toBe(200);
    const again = await create({ email, type: "UR" });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("sends a new code after the wait, and the old one stops working", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const first = await latestCode(t, email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    expect((await create({ email, type: "UR" })).statusCode).toBe(200);
    const second = await latestCode(t, email);
    if (first !== second) {
      const old = await verify({ email, type: "UR", otp: Number(first) });
      expect(old.statusCode).toBe(400);
    }
    expect((await verify({ email, type: "UR", otp: Number(second) })).statusCode).toBe(200);
  });

  it("answers recovery for an unknown e-mail exactly as for a known one, and mails nobody", async () => {
    const known = await signUp(t);
    const { email: unknown } = buildPlayer();
    const a = await create({ email: known.email, type: "UFP" });
    const b = await create({ email: unknown, type: "UFP" });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().message).toBe(formats.resetInstructions(known.email));
    expect(b.json().message).toBe(formats.resetInstructions(unknown));
    expect(await mailsTo(known.email)).toHaveLength(2);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it.each([
    [{ type: "UR" }, "email: is required"],
    [{ email: "not-an-email", type: "UR" }, "email: must be a valid email address"],
    [{ email: "a@b.co", type: "XX" }, 'type: must be one of "UR", "UFP"'],
    [{ email: "a@b.co", type: "UR", admin: true }, 'request body: unknown field "admin"'],
    [{ email: `${"a".repeat(250)}@b.co`, type: "UR" }, "email:"],
    [{ email: 42, type: "UR" }, "email: must be a string"],
  ])("should fail with 400 naming the problem for %j", async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(res.json().message).toContain(message);
  });

  it("should fail with 400 on malformed JSON and with 415 on a non-JSON body", async () => {
    const malformed = await t.call("POST", "/api/v1/otp/create", {
      body: '{"email": "a@b.co",',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(serverMessages.malformedJson);
    const text = await t.call("POST", "/api/v1/otp/create", {
      body: "email=a@b.co",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe("POST /api/v1/otp/verify", () => {
  it("returns a token for the right code", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const res = await verify({ email, type: "UR", otp: Number(await latestCode(t, email)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[\w-]{40,}$/);
  });

  it("accepts the code as a string of digits too", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const res = await verify({ email, type: "UR", otp: await latestCode(t, email) });
    expect(res.statusCode).toBe(200);
  });

  it("should fail with 400 and the attempts left for a wrong code", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const res = await verify({ email, type: "UR", otp: wrong(await latestCode(t, email)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${serverMessages.otpInvalid} ${OTP_MAX_ATTEMPTS - 1} attempts left.`);
  });

  it("refuses a sixth attempt, even with the right code", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const code = await latestCode(t, email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      expect((await verify({ email, type: "UR", otp: wrong(code) })).statusCode).toBe(400);
    }
    const sixth = await verify({ email, type: "UR", otp: Number(code) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(serverMessages.otpTooManyAttempts);
  });

  it("counts parallel guesses atomically: never more than five are checked", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const code = await latestCode(t, email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => verify({ email, type: "UR", otp: wrong(code) })),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(OTP_MAX_ATTEMPTS);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(12 - OTP_MAX_ATTEMPTS);
  });

  it("should fail with 400 for an expired code", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const code = await latestCode(t, email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 + 1000 });
    const res = await verify({ email, type: "UR", otp: Number(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.otpExpired);
  });

  it("does not accept a code twice", async () => {
    const { email } = buildPlayer();
    await create({ email, type: "UR" });
    const otp = Number(await latestCode(t, email));
    expect((await verify({ email, type: "UR", otp })).statusCode).toBe(200);
    expect((await verify({ email, type: "UR", otp })).statusCode).toBe(400);
  });

  it("keeps sign-up and recovery codes apart", async () => {
    const player = await signUp(t);
    await create({ email: player.email, type: "UFP" });
    const res = await verify({
      email: player.email,
      type: "UR",
      otp: Number(await latestCode(t, player.email)),
    });
    expect(res.statusCode).toBe(400);
  });

  it("should fail with 400 when no code was ever sent", async () => {
    const res = await verify({ email: buildPlayer().email, type: "UR", otp: 1234 });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{ otp: 12345 }, "otp:"],
    [{ otp: "12a4" }, "otp:"],
    [{ otp: -1 }, "otp:"],
    [{ otp: 1.5 }, "otp:"],
    [{}, "otp: is required"],
  ])("should fail with 400 for a malformed code %j", async (extra, message) => {
    const res = await verify({ email: "a@b.co", type: "UR", ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
