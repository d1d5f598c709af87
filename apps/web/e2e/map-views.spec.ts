import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/*
 * Screenshots go to MAP_SHOTS_DIR when it is set (e.g. MAP_SHOTS_DIR=/tmp/shots); CI takes none.
 */
async function shot(page: Page, name: string) {
  const folder = process.env.MAP_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

async function waitForMap(page: Page) {
  // Drawing 3D buildings in software (no GPU in CI) takes a while on a busy machine.
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 400_000 });
}

const SIZES = [
  { label: "desktop", width: 1440, height: 900 },
  { label: "phone", width: 375, height: 812 },
] as const;

for (const size of SIZES) {
  test.describe(`The map on a ${size.width} px screen`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 900_000 });

    test(`A player on a ${size.label} zooms out to the whole island, and the zoom-out button then stops`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      // The first visit opens a short guide; it walks through the game in three steps and closes.
      const guide = page.getByRole("region", { name: "Find a building" });
      await expect(guide).toBeVisible();
      await shot(page, `map-first-run-guide-${size.width}`);
      // Clear of the controls it explains: the search, the zoom buttons and the legend.
      const box = await guide.boundingBox();
      for (const control of [
        page.getByRole("combobox", { name: "Search buildings" }),
        page.getByRole("button", { name: "Zoom in" }),
        page.locator(".mx-legend"),
      ]) {
        const other = await control.boundingBox();
        if (!box || !other) throw new Error("the guide or a control is not on the screen");
        const apart =
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y;
        expect(apart, "the guide covers a control").toBe(true);
      }
      for (const title of ["Make it yours", "Follow the market"]) {
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByRole("region", { name: title })).toBeVisible();
        await shot(page, `map-guide-${title.toLowerCase().replace(/\W+/g, "-")}-${size.width}`);
      }
      await page.getByRole("button", { name: "Start playing" }).click();
      await expect(page.locator(".mx-guide")).toHaveCount(0);
      // Shown once: the browser remembers it was seen.
      expect(await page.evaluate(() => localStorage.getItem("mx.mapGuideSeen"))).not.toBeNull();
      const map = page.locator('[data-map-ready="true"]');
      const zoomOut = page.getByRole("button", { name: "Zoom out" });
      for (let i = 0; i < 12 && (await zoomOut.isEnabled()); i += 1) {
        await zoomOut.click();
        await page.waitForTimeout(600);
      }
      await expect(zoomOut).toBeDisabled();
      await expect(map).toHaveAttribute("data-island-in-view", "true", { timeout: 60_000 });
      await shot(page, `map-whole-island-${size.width}`);
    });

    test(`A player on a ${size.label} searches the Empire State Building and sees all of it`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      const search = page.getByRole("combobox", { name: "Search buildings" });
      await search.fill("Empire State Building");
      await page
        .getByRole("option", { name: /Empire State Building/ })
        .first()
        .click();
      const card = page.locator("[data-selected-building]");
      await expect(card.getByRole("heading", { name: "Empire State Building" })).toBeVisible();
      const map = page.locator('[data-map-ready="true"]');
      // The flight ends, the tower is the building seen at its place, and it runs off neither edge.
      await expect(map).toHaveAttribute("data-selected-in-front", "true", { timeout: 90_000 });
      await expect(map).toHaveAttribute("data-selected-clipped", "false");
      await shot(page, `map-empire-state-${size.width}`);
    });
  });
}
