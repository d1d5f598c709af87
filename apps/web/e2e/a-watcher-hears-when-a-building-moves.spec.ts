import type { Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import { authHeaders, buyBuilding, dollars, onboardPayouts, placeAsk } from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("WATCH_ALERTS_SHOTS_DIR");

/** Nothing runs off the side of the page at the viewport's width. */
async function fitsTheWidth(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} fits the page`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
}

test("A watcher hears when a building moves: B stars A's building on the map, hears of its listing in the bell, then switches that alert off and hears nothing of a lower ask", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = newUser("owner");
  const fan = newUser("fan");
  await Promise.all([createAccount(request, owner), createAccount(request, fan)]);

  // A, in a browser of their own: owns a building, with payouts connected so that they can sell it.
  const other = await browser.newContext({ baseURL });
  const pageA = await other.newPage();
  await fillLogin(pageA, owner.email, owner.password);
  await expect(pageA).toHaveURL(MAP_URL);
  const { building, property } = await buyBuilding(pageA, request);
  await onboardPayouts(pageA, request);
  const name = property.name;

  // B finds it on the map and stars it on its card.
  await fillLogin(page, fan.email, fan.password);
  await expect(page).toHaveURL(MAP_URL);
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 45_000 });
  await page.getByRole("combobox", { name: "Search buildings" }).fill(building.name);
  await page
    .getByRole("option", { name: new RegExp(building.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  const card = page.locator(`[data-selected-building="${building.buildingId}"]`);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `Watch ${name}`, exact: true }).click();
  await expect(card.getByRole("button", { name: `Watching ${name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shoot(page, "map-card-star");
  const bell = page.locator(".mx-map__header").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");

  // A puts it on the market: B's bell rings with the listing and its ask, leading to its details.
  const ask = Math.round(property.price * 100 + 10_000) / 100;
  await placeAsk(pageA, request, property._id, ask);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  await bell.click();
  const feed = page.getByRole("dialog", { name: "Notifications" });
  const alert = feed.getByRole("link", { name: /Watched building for sale/ });
  await expect(alert).toContainText(`${name} is for sale at ${dollars(ask)}.`);
  await expect(alert).toHaveAttribute(
    "href",
    `/Property-Details?id=${encodeURIComponent(building.buildingId)}&name=${encodeURIComponent(name)}`,
  );
  await shoot(page, "bell-with-a-watch-alert");
  await feed.getByRole("button", { name: "Mark all read" }).click();
  await feed.getByRole("button", { name: "Close" }).click();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // The market lists it with B's star on, and its rows still fit a phone.
  await page.goto("/market");
  const row = page.locator(`.market-table [data-building-id="${building.buildingId}"]`);
  await expect(row.getByRole("button", { name: `Watching ${name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shoot(page, "market-with-stars");
  await page.setViewportSize({ width: 375, height: 812 });
  const phoneCard = page.locator(`.market-cards [data-building-id="${building.buildingId}"]`);
  await expect(phoneCard.getByRole("button", { name: `Watching ${name}`, exact: true })).toBeVisible();
  await fitsTheWidth(page, "the market at 375 px");
  await page.setViewportSize({ width: 1280, height: 720 });

  // B switches off the alerts of a listing and of a lower ask in Account Settings; they stay off.
  await page.goto("/Account-settings");
  const alerts = page.getByRole("region", { name: "Alerts" });
  const listed = alerts.getByRole("checkbox", { name: "A building I watch is put up for sale" });
  const lowered = alerts.getByRole("checkbox", { name: "The asking price of a building I watch drops" });
  await expect(listed).toBeChecked();
  await expect(lowered).toBeChecked();
  await expect(alerts.getByRole("checkbox")).toHaveCount(7);
  await listed.uncheck();
  await lowered.uncheck();
  await alerts.getByRole("button", { name: "Save alerts" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Your alert settings are saved.");
  await shoot(page, "account-settings-alerts");
  await fitsTheWidth(page, "Account Settings");
  await page.reload();
  await expect(page.getByRole("region", { name: "Alerts" }).getByRole("checkbox").first()).not.toBeChecked();
  await expect(lowered).not.toBeChecked();
  await expect(alerts.getByRole("checkbox", { name: "A building I watch is sold" })).toBeChecked();

  // B keeps the watchlist open; A lowers the ask: the list follows at once, and no alert is written.
  await page.goto("/watchlist");
  const watched = page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(watched).toContainText(dollars(ask));
  const lower = ask - 25;
  await placeAsk(pageA, request, property._id, lower);
  await expect(watched).toContainText(dollars(lower), { timeout: 5_000 });
  await shoot(page, "watchlist-after-a-lower-ask");
  const feedNow = await request.get("/api/v1/users/activities?limit=50", {
    headers: await authHeaders(page),
  });
  const types = ((await feedNow.json()) as { data: { activities: { type: string }[] } }).data.activities.map(
    (a) => a.type,
  );
  expect(types).toEqual(["watch.listed"]);
  await page.goto("/profile");
  await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName(
    "Notifications, none unread",
  );
  await other.close();
});
