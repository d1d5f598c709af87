import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPlayer, createTestApp, outboxSettled, type TestApp } from "../../test/harness";
import { eventually, outboxMailTo } from "../../test/outbox";
import { otpMail } from "./templates";

describe("otpMail", () => {
  it.each([
    ["UR", "sign-up code"],
    ["UFP", "password reset code"],
  ] as const)("writes the %s code into both the text and the HTML part", (type, subject) => {
    const mail = otpMail("a@b.co", type, "0427");
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain("0427");
    expect(mail.html).toContain("0427");
    expect(mail.text.match(/\b\d{4}\b/g)).toEqual(["0427"]);
  });
});

describe("sending over SMTP", () => {
  const received: { to: string; subject: string; text: string; html: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        simpleParser(stream).then((parsed) => {
          received.push({
            to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Game <no-reply@example.com>" },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("delivers the sign-up code as a multipart message", async () => {
    const { email } = buildPlayer();
    const res = await t.call("POST", "/api/v1/otp/create", { body: { email, type: "UR" } });
    expect(res.statusCode).toBe(200);
    // Sent once the code is committed, after the answer.
    await outboxSettled(t);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toBe(email);
    const code = mail?.text.match(/\b(\d{4})\b/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(mail?.html).toContain(code);
    const verified = await t.call("POST", "/api/v1/otp/verify", {
      body: { email, type: "UR", otp: Number(code) },
    });
    expect(verified.statusCode).toBe(200);
  });

  it("answers 200 when the SMTP server is down, and keeps the code's mail in the outbox to try again", async () => {
    const down = await createTestApp({ mail: { smtpUrl: "smtp://127.0.0.1:1", from: "x@example.com" } });
    try {
      const { email } = buildPlayer();
      const res = await down.call("POST", "/api/v1/otp/create", { body: { email, type: "UR" } });
      expect(res.statusCode).toBe(200);
      const [queued] = await eventually(
        () => outboxMailTo(down.app.deps.db, email),
        (rows) => rows[0]?.attempts === 1,
      );
      expect(queued).toMatchObject({ state: "queued", attempts: 1 });
      expect(queued?.lastError).toBeTruthy();
      // The code stands, so the resend wait holds as usual.
      const again = await down.call("POST", "/api/v1/otp/create", { body: { email, type: "UR" } });
      expect(again.statusCode).toBe(429);
    } finally {
      await down.close();
    }
  });
});
