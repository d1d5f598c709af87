import { type APIRequestContext, expect } from "@playwright/test";

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The dev mailbox's messages to one address, newest first. */
export async function readMailbox(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  expect(response.ok(), `dev mailbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data: MailboxMessage[] };
  return body.data;
}

/**
 * Waits for a code e-mailed to `email` and returns it. `after` is how many messages the
 * address had before the code was asked for, so an older code is never picked up.
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  { after = 0 } = {},
): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const messages = await readMailbox(request, email);
        const newest = messages.length > after ? messages[0] : undefined;
        code = newest?.text.match(/\b(\d{4})\b/)?.[1] ?? "";
        return code;
      },
      { message: `a code e-mailed to ${email}`, timeout: 15_000, intervals: [100, 250, 500, 1000] },
    )
    .not.toBe("");
  return code;
}
