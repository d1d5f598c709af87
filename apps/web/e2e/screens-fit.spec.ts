import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { buyBuilding, detailsUrl, onboardPayouts } from "./support/market";

/*
 * Screenshots go to SCREENS_SHOTS_DIR when it is set (e.g. SCREENS_SHOTS_DIR=/tmp/shots); CI takes none.
 */
async function shot(page: Page, name: string) {
  const folder = process.env.SCREENS_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** How much wider than the window the page is, in CSS pixels (0 when nothing overflows). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );
}

/** Every signed-in screen that opens by its address (the review screens open from Property Details). */
const ROUTES = [
  "/profile",
  "/legal",
  "/Account-settings",
  "/Payment-Methods",
  "/Add-Card",
  "/withdrawal-methods",
  "/Add-payout-card",
  "/Withdrawl",
  "/assets",
  "/Leader-board",
  "/bids",
  "/offerwall",
  "/shop",
];

for (const width of [375, 1440]) {
  test.describe(`Signed-in screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test(`A player at ${width} px opens every signed-in screen and none of them scrolls sideways`, async ({
      page,
      request,
      logIn,
      existingPlayer,
    }) => {
      test.setTimeout(900_000);
      await logIn(existingPlayer);
      // A player with a building, a payout account and a card: the lists have rows, the long amounts show.
      const { building } = await buyBuilding(page, request);
      await onboardPayouts(page, request);
      const wide: string[] = [];
      const visit = async (url: string, name: string) => {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("h1").first()).toBeVisible();
        const extra = await overflow(page);
        if (extra > 0) wide.push(`${url}: ${extra} px too wide`);
        await shot(page, `screen-${name}-${width}`);
      };
      for (const route of ROUTES) await visit(route, route.slice(1).toLowerCase());
      await visit(detailsUrl(building), "property-details");
      // The review screens, reached as a player reaches them.
      await page.goto(detailsUrl(building));
      await page.getByRole("button", { name: "Sell or Ask" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("spinbutton").fill("123456.78");
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/sell-review$/);
      await page.waitForLoadState("networkidle");
      if ((await overflow(page)) > 0) wide.push("/sell-review");
      await shot(page, `screen-sell-review-${width}`);
      expect(wide).toEqual([]);
    });
  });
}

for (const width of [360, 375]) {
  test(`At ${width} px the map's header keeps the bell beside the navigation, the search below them`, async ({
    page,
    logIn,
    existingPlayer,
  }) => {
    await page.setViewportSize({ width, height: 780 });
    await logIn(existingPlayer);
    const header = page.locator(".mx-map__header");
    const nav = await header.getByRole("navigation").boundingBox();
    const bell = await header.getByRole("button", { name: /^Notifications/ }).boundingBox();
    const search = await header.getByRole("combobox", { name: "Search buildings" }).boundingBox();
    if (!nav || !bell || !search) throw new Error("the header lacks its navigation, bell or search");
    // One row: the bell's middle within the navigation's height.
    expect(Math.abs(bell.y + bell.height / 2 - (nav.y + nav.height / 2))).toBeLessThan(nav.height / 2);
    expect(search.y).toBeGreaterThan(nav.y + nav.height - 1);
    expect(await overflow(page)).toBe(0);
    await shot(page, `map-header-${width}`);
  });
}
