import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, fillLogin, MAP_URL } from "./fixtures";
import type { TestUser } from "./users";

/** A new browser context, signed in as `user` through the login screen. */
export async function signedIn(
  browser: Browser,
  user: TestUser,
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MAP_URL);
  return page;
}

/** `npm run ops -- grant <email> <role>`, through the endpoint that runs it off production. */
export async function grant(request: APIRequestContext, email: string, role: string): Promise<void> {
  const res = await request.post("/dev/ops", { data: { args: ["grant", email, role] } });
  expect(res.ok(), `dev ops answered ${res.status()}`).toBe(true);
  expect(((await res.json()) as { data: { exitCode: number } }).data.exitCode).toBe(0);
}

/** Opens /ops, enrols the authenticator (reading the secret shown) and gives its first code. */
export async function enrolAndEnter(page: Page, atEnrolment?: () => Promise<void>): Promise<void> {
  await page.goto("/ops");
  await expect(page.getByRole("heading", { level: 1, name: "Operator console" })).toBeVisible();
  await page.getByRole("button", { name: "Set up the authenticator" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(8);
  if (atEnrolment) await atEnrolment();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel(/Code from the authenticator/).fill(await generate({ secret }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();
}
