import { queryRows } from "@mx/kit/sql";
import { checkShownName } from "@mx/shared/shown-names";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "../app";
import { type Config, testConfig } from "../config";
import { createTestDatabase } from "./database";

export type TestApp = {
  app: FastifyInstance;
  close(): Promise<void>;
  /** Sends JSON (or raw text) to the app, with an optional bearer token. */
  call(
    method: InjectOptions["method"],
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
};

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "faults" | "gateway"> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, ...options });
  await app.ready();
  return testAppOf(app, async () => {
    await app.close();
    await drop();
  });
}

/** A TestApp around an app built elsewhere, such as a second instance on the same database. */
export function testAppOf(app: FastifyInstance, close: () => Promise<void>): TestApp {
  return {
    app,
    close,
    call(method, url, { body, token, headers = {} } = {}) {
      const raw = typeof body === "string";
      return app.inject({
        method,
        url,
        headers: {
          ...(body !== undefined && !raw ? { "content-type": "application/json" } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: raw ? body : JSON.stringify(body) } : {}),
      });
    },
  };
}

let counter = 0;
/** A unique, valid new player. */
export function buildPlayer(
  overrides: Partial<{ email: string; userName: string; fullName: string; password: string }> = {},
) {
  // Skipping numbers the rules for names refuse: digits read as look-alike letters ("Player 455") can spell a word.
  do counter += 1;
  while (!checkShownName("fullName", `Player ${counter}`).ok);
  // Digits only: letters can spell a word the rules for names refuse.
  const tag = `${Date.now()}${counter}`;
  return {
    email: `player${tag}@example.com`,
    userName: `player_${tag}`,
    fullName: `Player ${counter}`,
    password: "correct horse",
    ...overrides,
  };
}

export type MailboxMessage = { to: string; subject: string; text: string; html: string; createdAt: string };

/** The dev mailbox's messages to `email`, newest first, as they are now. */
async function mailboxNow(t: TestApp, email: string): Promise<MailboxMessage[]> {
  const res = await t.call("GET", `/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  return res.json().data as MailboxMessage[];
}

/**
 * Waits (up to `timeoutMs`) until the outbox holds nothing due that is unsent: mail is sent after the request that
 * queued it has answered. A message waiting for a later try, or for its time, is not waited for.
 */
export async function outboxSettled(t: TestApp, timeoutMs = 5_000): Promise<void> {
  // An app in another process, reached over HTTP (cluster:check), has no database handle here: `latestCode` waits
  // for its mail instead.
  if (!t.app) return;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ pending: number }>(
      t.app.deps.db,
      sql`select count(*)::int as pending from outbox_messages
          where state in ('queued', 'sending') and not_before <= now()`,
    );
    if (!row?.pending || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The dev mailbox's messages to `email`, newest first, once the mail already queued has been sent. */
export async function mailbox(t: TestApp, email: string): Promise<MailboxMessage[]> {
  await outboxSettled(t);
  return mailboxNow(t, email);
}

/** The code in the newest mail the dev mailbox holds for `email`, once the mail already queued has been sent. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const until = Date.now() + 5_000;
  for (;;) {
    const [mail] = await mailbox(t, email);
    const code = mail?.text.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    if (Date.now() >= until) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a code, reads it from the mailbox, verifies it: the one-use token. */
export async function verifiedToken(t: TestApp, email: string, type: "UR" | "UFP" = "UR"): Promise<string> {
  const sent = await t.call("POST", "/api/v1/otp/create", { body: { email, type } });
  if (sent.statusCode !== 200) throw new Error(`otp/create: ${sent.body}`);
  const otp = Number(await latestCode(t, email));
  const verified = await t.call("POST", "/api/v1/otp/verify", { body: { email, type, otp } });
  if (verified.statusCode !== 200) throw new Error(`otp/verify: ${verified.body}`);
  return verified.json().data.token;
}

/** A signed-up player with a live token. */
export async function signUp(t: TestApp, overrides: Parameters<typeof buildPlayer>[0] = {}) {
  const player = buildPlayer(overrides);
  const otpToken = await verifiedToken(t, player.email);
  const res = await t.call("POST", "/api/v1/users/", {
    body: { ...player, otpToken, userType: "app", appType: "ios", deviceToken: String(Date.now()) },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up: ${res.body}`);
  const { accessToken, userId } = res.json().data as { accessToken: string; userId: string };
  return { ...player, token: accessToken, userId };
}
