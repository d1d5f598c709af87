import { expect, test } from "./support/fixtures";
import { detailsUrl, dollars, findUnownedBuilding } from "./support/market";
import { screenshotsTo } from "./support/shots";

const shoot = screenshotsTo("WATCH_SHOTS_DIR");

test("A player stars a building on its details, finds it on the watchlist from Profile, and unwatches it", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  const { building, property } = await findUnownedBuilding(page, request);

  // On Property Details the star is off; starring it turns it on at once.
  await page.goto(detailsUrl(building));
  const star = page.getByRole("button", { name: `Watch ${property.name}` });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  const watching = page.getByRole("button", { name: `Watching ${property.name}` });
  await expect(watching).toHaveAttribute("aria-pressed", "true");
  await shoot(page, "watch-star-on-details");

  // Profile links to the watchlist, which shows the building with its price.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Watchlist" }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole("heading", { name: "Watchlist" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: property.name }) });
  await expect(row).toContainText(dollars(property.price));
  await expect(row).toContainText("Not for sale");
  await shoot(page, "watchlist-with-a-building");

  // Unwatching it leaves the empty list, which says how to fill it.
  await row.getByRole("button", { name: `Unwatch ${property.name}` }).click();
  await expect(
    page.getByText("You watch no buildings yet. Star a building on its details to follow it here."),
  ).toBeVisible();
  await shoot(page, "watchlist-empty");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the watchlist fits the page").toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
});
