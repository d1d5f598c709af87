import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  collectAlerts,
  dollars,
  onboardPayouts,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser, type TestUser } from "./support/users";

const shoot = screenshotsTo("MARKET_SHOTS_DIR");

interface Player {
  page: Page;
  user: TestUser;
  alerts: string[];
}

/**
 * A player in a browser context of their own at `width` px, signed in through the API (the login screen has
 * stories of its own; this one starts on the market, not on the map).
 */
async function playerIn(
  browser: Browser,
  request: APIRequestContext,
  label: string,
  width: number,
): Promise<Player> {
  const user = newUser(label);
  await createAccount(request, user);
  const login = await request.post("/api/v1/users/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBe(true);
  const { data: session } = (await login.json()) as { data: { accessToken: string; userId: string } };
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 812 } });
  await context.addInitScript(({ accessToken, userId }) => {
    if (!window.localStorage.getItem("token")) {
      window.localStorage.setItem("token", accessToken);
      window.localStorage.setItem("userId", userId);
    }
  }, session);
  const page = await context.newPage();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return { page, user, alerts: collectAlerts(page) };
}

/** The listing of one building: a table row on wide screens, a card on phones. */
const listingOf = (page: Page, buildingId: string) =>
  page.locator(`[data-building-id="${buildingId}"]:visible`);

for (const width of [1440, 375]) {
  test(`At ${width} px a player finds a building on the market by neighbourhood, bids on it, the seller sees the bid in the market panel, and after the sale both see it in the ticker and their portfolios`, async ({
    browser,
    request,
  }) => {
    // Two players and a whole trade: generous, for a machine under load.
    test.setTimeout(420_000);
    const seller = await playerIn(browser, request, "seller", width);
    const buyer = await playerIn(browser, request, "buyer", width);

    // The seller owns a building; the buyer opens the market from Profile and filters by its neighbourhood.
    const { building, property } = await buyBuilding(seller.page, request);
    const details = (await readProperty(seller.page, request, building.buildingId)) as typeof property & {
      neighborhood: string | null;
    };
    const neighborhood = details.neighborhood ?? "";
    expect(neighborhood, "the building stands in a neighbourhood").not.toBe("");
    await onboardPayouts(seller.page, request);

    await buyer.page.goto("/profile");
    await buyer.page.getByRole("link", { name: "Market", exact: true }).click();
    await expect(buyer.page).toHaveURL(/\/market$/);
    // On a phone the filters are folded behind one control that counts those set.
    if (width === 375) await buyer.page.getByRole("button", { name: "Filters", exact: true }).click();
    await buyer.page.getByLabel("Neighbourhood").selectOption(neighborhood);
    await expect(buyer.page).toHaveURL(/neighborhood=/);
    if (width === 375) {
      const toggle = buyer.page.getByRole("button", { name: "Filters (1)" });
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await toggle.click();
      await expect(buyer.page.getByLabel("Neighbourhood")).toBeHidden();
    }
    await expect(listingOf(buyer.page, building.buildingId)).toHaveCount(0);

    // The ask reaches the open market page through the live channel, without a reload.
    await expect(buyer.page.locator("html")).toHaveAttribute("data-live", "open", { timeout: 30_000 });
    await expect(buyer.page.getByText(/buildings? for sale$/)).toBeVisible();
    const ask = Math.round(property.price * 100 + 25_000) / 100;
    await placeAsk(seller.page, request, property._id, ask);
    const listing = listingOf(buyer.page, building.buildingId);
    await expect(listing).toBeVisible({ timeout: 2_500 });
    await expect(listing).toContainText(dollars(ask));
    await expect(listing).toContainText(neighborhood);
    await shoot(buyer.page, `market-filtered-${width}`);
    if (width === 375) {
      // With the filters folded, the first listing is on a phone's first screen (the ticker comes after the list).
      const firstListing = await buyer.page.locator(".market-card").first().boundingBox();
      expect(
        firstListing?.y ?? Number.POSITIVE_INFINITY,
        "the first listing is on the first screen",
      ).toBeLessThan(812);
    }

    // The listing opens Property Details, whose market panel shows the ask and no bids yet.
    await listing.getByRole("link", { name: `Open ${property.name}` }).click();
    await expect(buyer.page).toHaveURL(/\/Property-Details\?/);
    const panel = buyer.page.getByRole("region", { name: "Market" });
    await expect(panel).toContainText(dollars(ask));
    await expect(panel.getByTestId("market-panel-bid-count")).toHaveText("0");

    // The buyer bids: Create a bid → Bid Review → Place Bid.
    await addTestCard(buyer.page, request);
    const bidAmount = Math.round(ask * 100 + 1_234) / 100;
    await buyer.page.getByRole("button", { name: "Create a bid" }).click();
    const bidDialog = buyer.page.getByRole("dialog", { name: "Bid price" });
    await bidDialog.getByRole("spinbutton").fill(bidAmount.toFixed(2));
    await bidDialog.getByRole("button", { name: "Continue" }).click();
    await expect(buyer.page).toHaveURL(/\/bid-review$/);
    await buyer.page.getByRole("button", { name: "Place Bid" }).click();
    await buyer.page
      .getByRole("dialog", { name: "Confirm Bid" })
      .getByRole("button", { name: "Place Bid" })
      .click();
    await expect
      .poll(() => buyer.alerts)
      .toEqual([`Your bid of ${dollars(bidAmount)} on ${property.name} is placed.`]);

    // The seller's Property Details: the bid in the market panel, with its bidder, Accept and Decline.
    await seller.page.goto(
      `/Property-Details?id=${encodeURIComponent(building.buildingId)}&name=${encodeURIComponent(property.name)}&price=${ask}&lat=${building.lat}&lng=${building.lng}`,
    );
    const sellerPanel = seller.page.getByRole("region", { name: "Market" });
    await expect(sellerPanel.getByTestId("market-panel-bid-count")).toHaveText("1");
    await expect(sellerPanel.getByTestId("market-panel-best-bid")).toHaveText(dollars(bidAmount));
    await expect(sellerPanel.getByTestId("building-bids")).toContainText(
      `${dollars(bidAmount)} from ${buyer.user.fullName} (@${buyer.user.userName})`,
    );
    await expect(sellerPanel.getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(sellerPanel.getByRole("button", { name: "Decline" })).toBeVisible();
    await shoot(seller.page, `property-details-market-panel-${width}`);

    // The seller accepts; both see the resale in the ticker and in their portfolios.
    const bids = await request.get("/api/v1/properties/bids?type=owner&limit=10&offset=0", {
      headers: await authHeaders(seller.page),
    });
    const { data: bidList } = (await bids.json()) as {
      data: { bidList: { bidId: string; status: string }[] };
    };
    const pending = bidList.bidList.find((b) => b.status === "pending");
    const accepted = await request.post("/api/v1/properties/accept-bid", {
      headers: await authHeaders(seller.page),
      data: { bidId: pending?.bidId },
    });
    expect(accepted.ok(), `accept answered ${accepted.status()}`).toBe(true);

    for (const player of [buyer, seller]) {
      await player.page.goto("/market");
      const ticker = player.page.getByRole("region", { name: "Latest trades" });
      const trade = ticker.getByRole("listitem").filter({ hasText: property.name }).first();
      await expect(trade).toContainText(dollars(bidAmount));
      await expect(trade).toContainText("resale");
      await expect(trade).toContainText(`${seller.user.userName} → ${buyer.user.userName}`);
    }
    await shoot(buyer.page, `market-ticker-${width}`);

    await buyer.page.goto("/profile");
    await buyer.page.getByRole("link", { name: "Portfolio", exact: true }).click();
    await expect(buyer.page).toHaveURL(/\/portfolio$/);
    const holding = buyer.page.locator(`[data-building-id="${building.buildingId}"]`);
    await expect(holding).toContainText(property.name);
    await expect(holding).toContainText(dollars(bidAmount + 8.99));
    await expect(
      buyer.page.getByRole("button", { name: `${new Date().getUTCFullYear()} statement (CSV)` }),
    ).toBeVisible();
    await shoot(buyer.page, `portfolio-buyer-${width}`);

    await seller.page.goto("/portfolio");
    const sale = seller.page
      .getByRole("region", { name: "Realised sales" })
      .locator(`[data-building-id="${building.buildingId}"]`);
    await expect(sale).toContainText(dollars(bidAmount - 5));
    const download = seller.page.waitForEvent("download");
    await seller.page.getByRole("button", { name: `${new Date().getUTCFullYear()} statement (CSV)` }).click();
    expect((await download).suggestedFilename()).toBe(
      `manhattan-exchange-statement-${new Date().getUTCFullYear()}.csv`,
    );
    await shoot(seller.page, `portfolio-seller-${width}`);

    // Nothing at this width scrolls sideways.
    for (const page of [buyer.page, seller.page]) {
      await page.goto("/market");
      await expect(page.getByRole("region", { name: "Latest trades" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await seller.page.context().close();
    await buyer.page.context().close();
  });
}
