import { expect, MAP_URL, test } from "./support/fixtures";

test.describe("Routes follow the session", () => {
  test("A signed-out visitor is sent to login from the account area, and home from unknown pages", async ({
    page,
  }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

    await page.goto("/Account-settings");
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/$/);

    // The static map page is for players only.
    await page.goto("/map");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("A signed-in player skips login and the landing page for the map", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await logIn(existingPlayer);

    await page.goto("/login");
    await expect(page).toHaveURL(MAP_URL);

    await page.goto("/signup");
    await expect(page).toHaveURL(MAP_URL);

    await page.goto("/forgot-password");
    await expect(page).toHaveURL(MAP_URL);

    await page.goto("/");
    await expect(page).toHaveURL(MAP_URL);

    await page.goto("/somewhere-else");
    await expect(page).toHaveURL(MAP_URL);

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("An expired session sends the player back to login", async ({ page, logIn, existingPlayer }) => {
    await logIn(existingPlayer);
    await page.evaluate(() => localStorage.setItem("token", "not-a-real-token"));

    // The map's own next request may find the token refused first and send the player to login itself, which
    // aborts this navigation (Chromium reports it as aborted, or as interrupted by the navigation to login):
    // either way the player must end on the login page, signed out.
    await page.goto("/profile").catch((error: unknown) => {
      const message = String(error);
      if (!message.includes("net::ERR_ABORTED") && !message.includes("interrupted by another navigation"))
        throw error;
    });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});
