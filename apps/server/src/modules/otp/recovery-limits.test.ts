import {
  OTP_MAX_ATTEMPTS,
  RECOVERY_CODES_PER_DAY,
  RECOVERY_WRONG_GUESSES_PER_DAY,
} from "@mx/shared/constants";
import { accountMails } from "@mx/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpCodes } from "../../db/schema/otp";
import { buildPlayer, createTestApp, latestCode, mailbox, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (email: string) => t.call("POST", "/api/v1/otp/create", { body: { email, type: "UFP" } });
const verify = (email: string, otp: number | string) =>
  t.call("POST", "/api/v1/otp/verify", { body: { email, type: "UFP", otp } });
const mailsTo = async (email: string) =>
  (await mailbox(t, email)) as {
    subject: string;
  }[];
/** Lets the 30-second resend wait pass by ageing the address's codes (still within the day). */
const ageCodes = (email: string) =>
  t.app.deps.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - interval '31 seconds'` })
    .where(eq(otpCodes.email, email));
const wrongOf = (code: string) => (Number(code) + 1) % 10_000;
const lockedMessage =
  /^Too many recovery codes or wrong guesses for this email today\. Please try again in \d+ (hours?|minutes?)\.$/;

describe("recovery codes per address and day", () => {
  it("sends at most the daily number of codes, then says so and mails the owner once", async () => {
    const player = await signUp(t);
    for (let i = 0; i < RECOVERY_CODES_PER_DAY; i++) {
      await ageCodes(player.email);
      // The hourly limit is the same number: push the earlier codes past the hour, still within the day.
      await t.app.deps.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 minutes'` })
        .where(eq(otpCodes.email, player.email));
      expect((await create(player.email)).statusCode).toBe(200);
    }
    await ageCodes(player.email);
    const refused = await create(player.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RECOVERY_LOCKED" });
    expect(refused.json().message).toMatch(lockedMessage);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await create(player.email)).statusCode).toBe(429);
    const notices = (await mailsTo(player.email)).filter(
      (m) => m.subject === accountMails.recoveryLocked.subject,
    );
    expect(notices).toHaveLength(1);
  });

  it("caps wrong guesses across all codes of the day, and refuses even the right code after it", async () => {
    const player = await signUp(t);
    let wrong = 0;
    let code = "";
    while (wrong < RECOVERY_WRONG_GUESSES_PER_DAY) {
      await ageCodes(player.email);
      expect((await create(player.email)).statusCode).toBe(200);
      code = await latestCode(t, player.email);
      // Fewer than a code's own limit each time, sent at once.
      const n = Math.min(OTP_MAX_ATTEMPTS - 2, RECOVERY_WRONG_GUESSES_PER_DAY - wrong);
      const replies = await Promise.all(Array.from({ length: n }, () => verify(player.email, wrongOf(code))));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(n).fill(400));
      wrong += n;
    }
    const right = await verify(player.email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe("RECOVERY_LOCKED");
    expect(right.json().message).toMatch(lockedMessage);
    const [row] = await t.app.deps.db
      .select({ wrong: sql<number>`(sum(${otpCodes.attempts}) - count(${otpCodes.tokenHash}))::int` })
      .from(otpCodes)
      .where(eq(otpCodes.email, player.email));
    expect(row?.wrong).toBe(RECOVERY_WRONG_GUESSES_PER_DAY);
    // No new code either, and the owner was told once.
    await ageCodes(player.email);
    expect((await create(player.email)).json().code).toBe("RECOVERY_LOCKED");
    const notices = (await mailsTo(player.email)).filter(
      (m) => m.subject === accountMails.recoveryLocked.subject,
    );
    expect(notices).toHaveLength(1);
  });

  it("answers an address without an account the same way, and mails no one", async () => {
    const { email } = buildPlayer();
    for (let i = 0; i < RECOVERY_CODES_PER_DAY; i++) {
      await t.app.deps.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 minutes'` })
        .where(eq(otpCodes.email, email));
      expect((await create(email)).statusCode).toBe(200);
    }
    await ageCodes(email);
    expect((await create(email)).json().code).toBe("RECOVERY_LOCKED");
    expect(await mailsTo(email)).toEqual([]);
  });

  it("codes older than a day no longer count", async () => {
    const player = await signUp(t);
    for (let i = 0; i < RECOVERY_CODES_PER_DAY; i++) {
      await t.app.deps.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 minutes'` })
        .where(eq(otpCodes.email, player.email));
      await create(player.email);
    }
    await t.app.deps.db
      .update(otpCodes)
      .set({ createdAt: sql`${otpCodes.createdAt} - interval '1 day'` })
      .where(eq(otpCodes.email, player.email));
    expect((await create(player.email)).statusCode).toBe(200);
  });
});
