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

/** What a player types, the building it finds, and its address as Property Details shows it. */
const ADDRESSES = [
  { typed: "253 W 125th St", name: "Apollo Theater", address: "253 W 125th St", slug: "apollo" },
  { typed: "1 West 72nd Street", name: "The Dakota", address: "121 Central Park West", slug: "dakota" },
] as const;

for (const size of SIZES) {
  test.describe(`Finding a building by its address on a ${size.width} px screen`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 900_000 });

    test(`A player on a ${size.label} types two uptown addresses as New Yorkers write them, flies to each building and opens its Property Details`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      for (const { typed, name, address, slug } of ADDRESSES) {
        const search = page.getByRole("combobox", { name: "Search buildings" });
        await search.fill(typed);
        const option = page.getByRole("option").first();
        await expect(option).toContainText(name);
        await option.click();
        const card = page.locator("[data-selected-building]");
        await expect(card.getByRole("heading", { name })).toBeVisible();
        // The flight ends on the building, its pin set.
        const map = page.locator('[data-map-ready="true"]');
        await expect(map).toHaveAttribute("data-selection-pins", "1", { timeout: 90_000 });
        await expect(map).toHaveAttribute("data-selected-clipped", "false", { timeout: 90_000 });
        await page.waitForTimeout(1500);
        await shot(page, `address-${slug}-map-${size.width}`);
        await card.getByRole("link", { name: "Property Details" }).click();
        await expect(page).toHaveURL(/\/Property-Details\?/);
        await expect(page.getByRole("heading", { name }).first()).toBeVisible();
        await expect(page.getByText(address).first()).toBeVisible();
        await shot(page, `address-${slug}-details-${size.width}`);
        await page.goto("/");
        await waitForMap(page);
      }
    });
  });
}
