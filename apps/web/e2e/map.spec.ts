import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The map page marks its container once the first view (tiles, buildings) has been drawn. */
async function waitForMap(page: Page) {
  // Drawing 3D buildings in software (no GPU in CI) takes a few seconds.
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 45_000 });
}

test.describe("The map of Manhattan", () => {
  test("A signed-in player sees Manhattan's buildings in 3D", async ({ page, logIn, existingPlayer }) => {
    await logIn(existingPlayer);
    await waitForMap(page);

    const map = page.locator('[data-map-ready="true"]');
    await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "false");
    await expect(page.locator(".maplibregl-ctrl-attrib")).toContainText("OpenStreetMap");
    await expect(page.getByRole("region", { name: "Legend" })).toContainText("For sale");

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await expect(nav.getByRole("link", { name: "Leaderboard" })).toHaveAttribute("href", "/Leader-board");
  });

  test("A player searches 'Empire State Building' and the map flies to it", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await logIn(existingPlayer);
    await waitForMap(page);

    const search = page.getByRole("combobox", { name: "Search buildings" });
    await search.fill("Empire State Building");
    await expect(search).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("option", { name: /Empire State Building/ }).click();

    const card = page.locator("[data-selected-building]");
    await expect(card.getByRole("heading", { name: "Empire State Building" })).toBeVisible();
    // The price comes from the game once the details have loaded.
    await expect(card).not.toContainText("Loading…");
    await expect(card).toContainText(/\$\d[\d,]*\.\d{2}/);
    await expect(card.getByRole("link", { name: "Property Details" })).toHaveAttribute(
      "href",
      /^\/Property-Details\?id=[^&]+&name=Empire%20State%20Building&price=[\d.]+&lat=40\.7\d+&lng=-73\.9\d+$/,
    );

    // Escape closes the card.
    await page.keyboard.press("Escape");
    await expect(card).toBeHidden();
  });

  test("A player can search with the keyboard alone, and is told when nothing matches", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await logIn(existingPlayer);
    await waitForMap(page);

    const search = page.getByRole("combobox", { name: "Search buildings" });
    await search.fill("Zzyzx Imaginary Tower");
    await expect(page.getByText("No buildings found")).toBeVisible();

    await search.fill("350 5th Avenue");
    await expect(page.getByRole("option").first()).toBeVisible();
    await search.press("ArrowDown");
    await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await search.press("Enter");
    await expect(page.locator("[data-selected-building]")).toBeVisible();
    await expect(search).toHaveAttribute("aria-expanded", "false");
  });

  test("When the map cannot be loaded, the player is told why and can try again", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await logIn(existingPlayer);
    await waitForMap(page);

    const message = "No buildings have been imported yet.";
    await page.route("**/api/v1/map/manifest", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 503, message, code: "UNAVAILABLE" }),
      }),
    );
    await page.reload();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The map could not be loaded.");
    await expect(alert).toContainText(message);

    await page.unroute("**/api/v1/map/manifest");
    await alert.getByRole("button", { name: "Retry" }).click();
    await waitForMap(page);
  });

  test("A signed-out visitor is sent to the login page", async ({ page }) => {
    await page.goto("/map");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });
});
