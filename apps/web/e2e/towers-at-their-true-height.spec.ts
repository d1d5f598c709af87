import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/*
 * Screenshots go to MAP_SHOTS_DIR when it is set (e.g. MAP_SHOTS_DIR=/tmp/shots); CI takes none.
 */
async function shot(page: Page, name: string) {
  const folder = process.env.MAP_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

/** Towers whose OpenStreetMap outline carried a low wing's height: the island file takes the 3-D model's roof. */
const TOWERS = [
  "Seagram Building",
  "Citigroup Center",
  "MetLife Building",
  "One Grand Central Place",
  "277 Park Avenue",
  "345 Park Avenue",
  "245 Park Avenue",
];

test.describe("Towers at their true height", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.describe.configure({ timeout: 900_000 });

  test("A player searches seven Midtown towers by name and sees each drawn at its full height", async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await logIn(existingPlayer);
    await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 400_000 });
    for (const name of TOWERS) {
      const search = page.getByRole("combobox", { name: "Search buildings" });
      await search.fill(name);
      await page
        .getByRole("option", { name: new RegExp(name) })
        .first()
        .click();
      const card = page.locator("[data-selected-building]");
      await expect(card.getByRole("heading", { name })).toBeVisible();
      const map = page.locator('[data-map-ready="true"]');
      await expect(map).toHaveAttribute("data-selection-pins", "1", { timeout: 90_000 });
      await expect(map).toHaveAttribute("data-selected-clipped", "false", { timeout: 90_000 });
      await page.waitForTimeout(1500);
      await shot(page, `tower-${name.toLowerCase().replace(/\W+/g, "-")}`);
      if (process.env.MAP_SHOTS_DIR) {
        // Tilted as a keyboard player would (Shift+Up), so that the walls show as well as the roof.
        await page.locator(".maplibregl-canvas").focus();
        for (let i = 0; i < 4; i += 1) await page.keyboard.press("Shift+ArrowUp");
        await page.waitForTimeout(2500);
        await shot(page, `tower-${name.toLowerCase().replace(/\W+/g, "-")}-tilted`);
        await page.keyboard.press("Escape");
      }
    }
  });
});
