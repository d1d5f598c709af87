import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { SearchResult } from "./support/market";
import {
  buyBuilding,
  collectAlerts,
  detailsUrl,
  dollars,
  onboardPayouts,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("ASK_SHOTS_DIR");

/** Property Details → 'Sell or Ask' (or 'Change ask' once listed) → the asking price → Sell Review. */
async function askFor(page: Page, building: SearchResult, price: number): Promise<void> {
  await page.goto(detailsUrl(building));
  await page.getByRole("button", { name: /^(Sell or Ask|Change ask)$/ }).click();
  const priceDialog = page.getByRole("dialog", { name: "Asking price" });
  await priceDialog
    .getByLabel("Please enter the price you want to sell this building for")
    .fill(price.toFixed(2));
  await priceDialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/sell-review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Place Ask" })).toBeVisible();
}

test("An owner who has not onboarded is sent to set up payouts, then places an ask", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("seller"));
  const alerts = collectAlerts(page);
  const { building, property } = await buyBuilding(page, request);
  const ask = Math.round(property.price * 100 + 25_000) / 100;

  await askFor(page, building, ask);
  await expect(page).toHaveTitle(/Place Ask/);
  const summary = page.getByRole("region", { name: property.name });
  await expect(summary.getByRole("term")).toHaveText(["Price", "Processing fee", "You receive"]);
  await expect(summary.getByRole("definition")).toHaveText([dollars(ask), "−$5.00", dollars(ask - 5)]);
  // Not for sale yet: nothing to cancel, and no payout account to speak of yet.
  await expect(page.getByRole("button", { name: "Cancel Sale" })).toHaveCount(0);
  await expect(page.getByText("Before your first ask you set up a payout account")).toBeVisible();
  await expect(page.getByText("your connected payout account")).toHaveCount(0);

  // Confirm Ask → Confirm Sell: payouts are not connected, so off to onboarding.
  await page.getByRole("button", { name: "Confirm Ask" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Sell" });
  await expect(confirm).toContainText(property.name);
  await expect(confirm).toContainText(dollars(ask - 5));
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Confirm Sell" }).click();

  await expect(page).toHaveURL(/\/sandbox\/onboarding/);
  expect(alerts).toEqual([]);
  expect((await readProperty(page, request, building.buildingId)).forSale).toBe(false);
  await page.locator("form").getByRole("button").first().click();

  // Back on Sell Review with the ask as it was left, and word that payouts are set up.
  await expect(page).toHaveURL(/\/sell-review$/);
  await expect(page.getByRole("status")).toHaveText(
    "Payouts are set up. Confirm your ask to put the building up for sale.",
  );
  await expect(summary.getByRole("definition")).toHaveText([dollars(ask), "−$5.00", dollars(ask - 5)]);
  await shoot(page, "sell-review-after-onboarding");
  await page.getByRole("button", { name: "Confirm Ask" }).click();
  const placeRequest = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/place-ask") && req.method() === "POST",
  );
  await page
    .getByRole("dialog", { name: "Confirm Sell" })
    .getByRole("button", { name: "Confirm Sell" })
    .click();
  expect((await placeRequest).postDataJSON()).toEqual({ propertyId: property._id, bidAmount: ask });
  await expect.poll(() => alerts).toEqual([`${property.name} is for sale at ${dollars(ask)}.`]);

  // Back on Property Details: for sale at the asking price, and the owner may still re-price or cancel.
  await expect(page).toHaveURL(/\/Property-Details\?/);
  await expect(page.getByText("For sale", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Property details" }).getByText(dollars(ask), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(`For sale at ${dollars(ask)}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change ask" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Sale" })).toBeVisible();
  expect((await readProperty(page, request, building.buildingId)).forSale).toBe(true);
});

test("An owner cancels the sale", async ({ page, request, signUp }) => {
  await signUp(newUser("canceller"));
  const alerts = collectAlerts(page);
  const { building, property } = await buyBuilding(page, request);
  const ask = Math.round(property.price * 100 + 10_000) / 100;

  // Onboard and list through the API: this story is about cancelling.
  await onboardPayouts(page, request);
  await placeAsk(page, request, property._id, ask);

  await askFor(page, building, ask);
  await expect(page.getByText("This building is for sale now.", { exact: false })).toBeVisible();
  const cancelSale = page.getByRole("button", { name: "Cancel Sale" });
  await expect(cancelSale).toBeEnabled();
  await cancelSale.click();

  await expect.poll(() => alerts).toEqual([`${property.name} is no longer for sale.`]);
  await expect(page).toHaveURL(/\/Property-Details\?/);
  await expect(page.getByText("For sale", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sell or Ask" })).toBeVisible();
  expect((await readProperty(page, request, building.buildingId)).forSale).toBe(false);
});

test("Opening Sell Review by its address, with nothing to review, goes to the map", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/sell-review");
  await expect(page).toHaveURL(/\/map$/);
});
