import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { findFreeBlock } from "./support/collections";
import { expect, test } from "./support/fixtures";
import { addTestCard, authHeaders, dollars, onboardPayouts, placeAsk, readProperty } from "./support/market";
import { signedIn } from "./support/operators";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("COLLECTOR_SHOTS_DIR");

/** Buys an unowned building from the game at its base price, through the API. */
async function buyFromTheGame(page: Page, request: APIRequestContext, buildingId: string) {
  const property = await readProperty(page, request, buildingId);
  const bought = await request.post("/api/v1/properties/buy", {
    headers: await authHeaders(page),
    data: { buildingId, bidAmount: property.basePrice },
  });
  expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
}

for (const width of [1440, 375]) {
  test(`A collector watches the last building of a block, hears it is for sale without reloading, buys it and completes the block; the seller opens the collector's profile from the ticker and sees the badge (${width} px)`, async ({
    browser,
    request,
  }) => {
    const viewport = { width, height: width > 500 ? 900 : 812 };
    const shot = (on: Page, name: string) => shoot(on, `${name}-${width}`);
    test.setTimeout(300_000);
    const collector = newUser("collector");
    const seller = newUser("seller");
    await Promise.all([createAccount(request, collector), createAccount(request, seller)]);
    const block = await findFreeBlock(request);
    const [last, ...rest] = block.members;
    if (!last) throw new Error("an empty block");

    // B owns one building of the block and can sell; A owns the other two.
    const sellerPage = await signedIn(browser, seller, viewport);
    await addTestCard(sellerPage, request);
    await buyFromTheGame(sellerPage, request, last.buildingId);
    await onboardPayouts(sellerPage, request);
    const page = await signedIn(browser, collector, viewport);
    await addTestCard(page, request);
    for (const member of rest) await buyFromTheGame(page, request, member.buildingId);

    // A stars B's building on its details, then keeps the Profile open: its bell is the feed's.
    const lastState = await readProperty(page, request, last.buildingId);
    await page.goto(
      `/Property-Details?id=${encodeURIComponent(last.buildingId)}&name=${encodeURIComponent(lastState.name)}`,
    );
    await page.getByRole("button", { name: `Watch ${lastState.name}`, exact: true }).click();
    await expect(
      page.getByRole("button", { name: `Watching ${lastState.name}`, exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
    await page.goto("/profile");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName("Notifications, none unread");
    await expect(page.locator("html")).toHaveAttribute("data-live", "open");

    // B lists it: A's open page hears it twice, as a watched building and as the block's last one, with no reload.
    const ask = Math.round(lastState.price * 100 + 5_000) / 100;
    await placeAsk(sellerPage, request, lastState._id, ask);
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread", { timeout: 5_000 });
    await bell.click();
    const feed = page.getByRole("dialog", { name: "Notifications" });
    await expect(feed.getByRole("link", { name: /Watched building for sale/ })).toContainText(
      `${lastState.name} is for sale at ${dollars(ask)}.`,
    );
    await expect(feed.getByRole("link", { name: /The last building is for sale/ })).toContainText(
      `The last building of ${block.name}`,
    );
    await shot(page, "collector-hears-the-last-building");
    await feed.getByRole("button", { name: "Mark all read" }).click();
    await feed.getByRole("button", { name: "Close" }).click();
    // The watchlist shows the ask.
    await page.goto("/watchlist");
    const watched = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: lastState.name }) });
    await expect(watched).toContainText(dollars(ask));
    await page.goto("/profile");
    await expect(bell).toHaveAccessibleName("Notifications, none unread");
    await expect(page.locator("html")).toHaveAttribute("data-live", "open");

    // A bids the ask and B accepts: the block is A's, and A's bell says so.
    const bid = await request.post("/api/v1/properties/submit-bid", {
      headers: await authHeaders(page),
      data: { propertyId: last.buildingId, bidAmount: ask + 1, isApplePay: false },
    });
    expect(bid.ok(), `submit-bid answered ${bid.status()} ${await bid.text()}`).toBe(true);
    const { data: placed } = (await bid.json()) as { data: { bid: { bidId: string } } };
    const accepted = await request.post("/api/v1/properties/accept-bid", {
      headers: await authHeaders(sellerPage),
      data: { bidId: placed.bid.bidId },
    });
    expect(accepted.ok(), `accept-bid answered ${accepted.status()} ${await accepted.text()}`).toBe(true);
    await expect(bell).toHaveAccessibleName(/Notifications, [1-9] unread/, { timeout: 5_000 });
    await bell.click();
    await expect(feed.getByRole("link", { name: /Collection completed/ })).toContainText(
      `You own every building of ${block.name}`,
    );
    await shot(page, "collector-completes-the-block");
    await feed.getByRole("button", { name: "Close" }).click();

    // B finds the sale in the market's ticker and opens A's profile from it: the block is A's badge.
    await sellerPage.goto("/market");
    const sale = sellerPage
      .getByRole("region", { name: "Latest trades" })
      .getByRole("listitem")
      .filter({ has: sellerPage.getByRole("link", { name: lastState.name }) })
      .first();
    await expect(sale).toBeVisible();
    await sale.getByRole("link", { name: collector.userName, exact: true }).click();
    await expect(sellerPage).toHaveURL(new RegExp(`/players/${collector.userName}$`));
    const badges = sellerPage.getByRole("region", { name: "Collections" });
    const badge = badges.getByRole("listitem").filter({ hasText: block.name });
    await expect(badge).toContainText("Held");
    await expect(badge).toContainText("Blocks");
    await badge.scrollIntoViewIfNeeded();
    await shot(sellerPage, "collector-badge-on-the-profile");
    const scrollWidth = await sellerPage.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the profile fits ${width} px`).toBeLessThanOrEqual(width);
  });
}
