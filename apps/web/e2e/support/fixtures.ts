import { test as base, expect, type Page } from "@playwright/test";
import { createAccount } from "./accounts";
import { readCode, readMailbox } from "./mailbox";
import { workerURL } from "./servers";
import { newUser, type TestUser } from "./users";

/** The static map page, where a signed-in player lands. */
export const MAP_URL = /\/map$/;

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function typeCode(page: Page, code: string): Promise<void> {
  // Typing into the first box only: the boxes advance by themselves.
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(code);
}

interface Fixtures {
  /** Closes the browser contexts a story opened besides its own page's (another player's, an operator's). */
  closeOtherContexts: undefined;
  /** Signs a new player up through the sign-up screen and the e-mailed code; ends on the map. */
  signUp: (user: TestUser) => Promise<void>;
  /** Signs in through the login screen; ends on the map. */
  logIn: (user: TestUser) => Promise<void>;
  /** A player whose account already exists (created through the API). */
  existingPlayer: TestUser;
}

export const test = base.extend<Fixtures>({
  // A context left open keeps its page alive for the rest of the run: on the map, redrawing in software at every
  // sale announced live, and slowing every story after it. Torn down before the story's own context is.
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      await use(undefined);
      for (const other of browser.contexts()) if (other !== context) await other.close().catch(() => {});
    },
    { auto: true },
  ],
  // The worker's own server (playwright.config.ts starts one per worker); a story may still `test.use` another.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(workerURL(testInfo.parallelIndex));
  },
  signUp: async ({ page, request }, use) => {
    await use(async (user) => {
      const before = (await readMailbox(request, user.email)).length;
      await page.goto("/signup");
      await page.getByLabel("Full Name").fill(user.fullName);
      await page.getByLabel("Username").fill(user.userName);
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByLabel("Confirm Password").fill(user.password);
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
      await typeCode(page, await readCode(request, user.email, { after: before }));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page).toHaveURL(MAP_URL);
    });
  },
  logIn: async ({ page }, use) => {
    await use(async (user) => {
      await fillLogin(page, user.email, user.password);
      await expect(page).toHaveURL(MAP_URL);
    });
  },
  existingPlayer: async ({ request }, use) => {
    const user = newUser();
    await createAccount(request, user);
    await use(user);
  },
});

export { expect };
