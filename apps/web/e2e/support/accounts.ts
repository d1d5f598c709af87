import { type APIRequestContext, expect } from "@playwright/test";
import { readCode, readMailbox } from "./mailbox";
import type { TestUser } from "./users";

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { data });
  const body = (await response.json()) as { message: string; data: Record<string, unknown> | null };
  expect(response.ok(), `${path}: ${response.status()} ${body.message}`).toBe(true);
  return body;
}

/** Creates an account straight through the API, for tests whose story starts with an existing player. */
export async function createAccount(request: APIRequestContext, user: TestUser): Promise<void> {
  const before = (await readMailbox(request, user.email)).length;
  await post(request, "/otp/create", { email: user.email, type: "UR" });
  const code = await readCode(request, user.email, { after: before });
  const verified = await post(request, "/otp/verify", { email: user.email, type: "UR", otp: Number(code) });
  await post(request, "/users/", {
    email: user.email,
    password: user.password,
    otpToken: verified.data?.token,
    fullName: user.fullName,
    userName: user.userName,
    userType: "app",
    appType: "ios",
    deviceToken: String(Date.now()),
  });
}
