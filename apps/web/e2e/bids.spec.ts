import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  collectAlerts,
  dollars,
  onboardPayouts,
  openBidReview,
  type PropertyState,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser, type TestUser } from "./support/users";

interface Player {
  page: Page;
  user: TestUser;
  alerts: string[];
}

/** A second (or third) player in a browser context of their own, signed in through the login screen. */
async function playerIn(browser: Browser, request: APIRequestContext, label: string): Promise<Player> {
  const user = newUser(label);
  await createAccount(request, user);
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MAP_URL);
  return { page, user, alerts: collectAlerts(page) };
}

/** A seller who bought a building with the 4242 card, onboarded, and put it up for sale at `ask`. */
async function listBuilding(page: Page, request: APIRequestContext, markUp = 250) {
  const { building, property } = await buyBuilding(page, request);
  await onboardPayouts(page, request);
  const ask = Math.round(property.price * 100 + markUp * 100) / 100;
  await placeAsk(page, request, property._id, ask);
  return { building, property: await readProperty(page, request, building.buildingId), ask };
}

/** Bid Review → Place Bid → Confirm Bid → My Bids (Buy). */
async function placeBid(page: Page, alerts: string[], property: PropertyState, amount: number) {
  await page.getByRole("button", { name: "Place Bid" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Bid" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  const submitted = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/submit-bid") && req.method() === "POST",
  );
  await confirm.getByRole("button", { name: "Place Bid" }).click();
  const request = await submitted;
  expect(request.postDataJSON()).toMatchObject({
    propertyId: property._id,
    bidAmount: amount,
    isApplePay: false,
  });
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => alerts).toEqual([`Your bid of ${dollars(amount)} on ${property.name} is placed.`]);
  await expect(page).toHaveURL(/\/bids\?tab=buy$/);
  await expect(page.getByRole("tab", { name: "Buy" })).toHaveAttribute("aria-selected", "true");
}

const bidRow = (page: Page, name: string) =>
  page.getByRole("tabpanel").getByRole("article", { name }).first();

const shoot = screenshotsTo("BIDS_SHOTS_DIR");

test("Two players trade a building through a bid: B bids, A accepts, B owns it in B's colour and A earns the bid less $5.00", async ({
  browser,
  page,
  request,
  signUp,
}) => {
  // A: buys a building with the 4242 card, onboards and asks for it.
  const seller = newUser("seller");
  await signUp(seller);
  const sellerAlerts = collectAlerts(page);
  const { building, property, ask } = await listBuilding(page, request);

  // B: a colour of their own, a card, then Property Details → Create a bid → Bid Review.
  const buyer = await playerIn(browser, request, "buyer");
  const buyerColour = "#3fa7ff";
  const recoloured = await request.put("/api/v1/users/", {
    headers: await authHeaders(buyer.page),
    data: { buildingColor: buyerColour },
  });
  expect(recoloured.ok(), `profile update answered ${recoloured.status()}`).toBe(true);
  await addTestCard(buyer.page, request);
  const bidAmount = Math.round(ask * 100 + 12_345) / 100;
  await openBidReview(buyer.page, building, bidAmount);

  const review = buyer.page;
  await expect(review.getByRole("heading", { level: 2, name: property.name })).toBeVisible();
  const input = review.getByRole("spinbutton", { name: "Bid Price" });
  await expect(input).toHaveValue(bidAmount.toFixed(2));
  await expect(input).toHaveAttribute("min", String(Math.round(ask * 100 + 1) / 100));
  await expect(input).toHaveAttribute("step", "0.01");
  const summary = review.getByRole("region", { name: property.name });
  await expect(summary.getByRole("definition")).toHaveText([
    dollars(bidAmount),
    "$6.00",
    "$2.99",
    dollars(bidAmount + 8.99),
  ]);
  await expect(review.getByText("VISA •••• 4242")).toBeVisible();
  await shoot(review, "bid-review");

  await review.getByRole("button", { name: "Place Bid" }).click();
  const confirm = review.getByRole("dialog", { name: "Confirm Bid" });
  await expect(confirm).toContainText(dollars(bidAmount + 8.99));
  await expect(confirm).toContainText("VISA •••• 4242");
  await expect(confirm).toContainText(
    "released if the owner declines the bid, you cancel it, or it expires after 7 days",
  );
  await expect(confirm).toContainText("If the owner accepts");
  await shoot(review, "bid-review-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await placeBid(review, buyer.alerts, property, bidAmount);

  // B's Buy tab: the new bid, pending, with a delete control.
  const mine = bidRow(review, property.name);
  await expect(mine).toContainText(dollars(bidAmount));
  await expect(mine).toContainText("Pending");
  await expect(mine.getByRole("button", { name: `Cancel your bid on ${property.name}` })).toBeVisible();
  await shoot(review, "my-bids-buy");

  // A: My Bids → Sell shows the bid from B; Accept asks first, naming what A receives.
  await page.goto("/profile");
  await page.getByRole("link", { name: "My Bids" }).click();
  await expect(page).toHaveURL(/\/bids$/);
  await expect(page.getByRole("tab", { name: "Sell" })).toHaveAttribute("aria-selected", "true");
  const offer = bidRow(page, property.name);
  await expect(offer).toContainText(dollars(bidAmount));
  await expect(offer).toContainText(`${buyer.user.fullName} (@${buyer.user.userName})`);
  await expect(offer).toContainText("Pending");
  await shoot(page, "my-bids-sell");
  await offer.getByRole("button", { name: "Accept" }).click();
  const accept = page.getByRole("dialog", { name: "Accept Bid" });
  await expect(accept).toContainText(
    `${property.name} goes to ${buyer.user.fullName} for ${dollars(bidAmount)}`,
  );
  await expect(accept.getByRole("definition").last()).toHaveText(dollars(bidAmount - 5));
  await expect(accept.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shoot(page, "my-bids-accept");
  await accept.getByRole("button", { name: "Accept bid" }).click();

  await expect(offer).toContainText("Accepted");
  await expect(offer.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Bid accepted." })).toBeVisible();
  expect(sellerAlerts).toEqual([]);
  await shoot(page, "my-bids-sell-accepted");

  // B owns it now, at the bid, and the map's overlay paints it in B's colour.
  const after = await readProperty(buyer.page, request, building.buildingId);
  expect(after.forSale).toBe(false);
  expect(after.price).toBe(bidAmount);
  const buyerId = await buyer.page.evaluate(() => localStorage.getItem("userId"));
  expect(after.ownerId).toBe(buyerId);
  const mapState = await request.get("/api/v1/map/state");
  expect(mapState.ok()).toBe(true);
  const state = (await mapState.json()) as { data: { colors: string[]; owned: number[]; forSale: number[] } };
  const mapId = (after as PropertyState & { mapId: number }).mapId;
  const pairAt = state.data.owned.findIndex((value, index) => index % 2 === 0 && value === mapId);
  expect(pairAt, "the building is in the map's ownership overlay").toBeGreaterThanOrEqual(0);
  expect(state.data.colors[state.data.owned[pairAt + 1] ?? -1]?.toLowerCase()).toBe(buyerColour);
  expect(state.data.forSale).not.toContain(mapId);

  // B's Buy tab shows it accepted, without a delete control.
  await review.reload();
  await expect(mine).toContainText("Accepted");
  await expect(mine.getByRole("button", { name: /Cancel your bid/ })).toHaveCount(0);

  // A's earnings: the bid less the $5.00 processing fee, withdrawable.
  const balance = await request.get("/api/v1/users/balance", { headers: await authHeaders(page) });
  expect(balance.ok(), `balance answered ${balance.status()}`).toBe(true);
  const { data: earned } = (await balance.json()) as {
    data: { response: { availableAmount: number; availableCents: number } };
  };
  const earningsCents = Math.round(bidAmount * 100) - 500;
  expect(earned.response).toMatchObject({
    availableCents: earningsCents,
    availableAmount: earningsCents / 100,
  });
  await buyer.page.context().close();
});

test("A bidder cancels a pending bid", async ({ browser, page, request, signUp }) => {
  await signUp(newUser("seller"));
  const { building, property, ask } = await listBuilding(page, request);

  const buyer = await playerIn(browser, request, "canceller");
  await addTestCard(buyer.page, request);
  const amount = Math.round(ask * 100 + 100) / 100;
  await openBidReview(buyer.page, building, amount);
  await placeBid(buyer.page, buyer.alerts, property, amount);

  const row = bidRow(buyer.page, property.name);
  const cancelled = buyer.page.waitForResponse((res) => res.url().endsWith("/api/v1/properties/cancel-bid"));
  await row.getByRole("button", { name: `Cancel your bid on ${property.name}` }).click();
  // Asked first, with focus on keeping the bid.
  const confirmCancel = buyer.page.getByRole("dialog", { name: "Cancel Bid" });
  await expect(confirmCancel).toContainText(`Cancel your bid of ${dollars(amount)} on ${property.name}?`);
  await expect(confirmCancel.getByRole("button", { name: "Keep bid" })).toBeFocused();
  await shoot(buyer.page, "my-bids-cancel-confirm");
  await confirmCancel.getByRole("button", { name: "Cancel bid" }).click();
  expect((await cancelled).ok()).toBe(true);
  await expect(row).toContainText("Cancelled");
  await expect(row).toContainText("The hold was released.");
  await expect(row.getByRole("button", { name: /Cancel your bid/ })).toHaveCount(0);
  await expect(buyer.page.getByRole("status").filter({ hasText: "was cancelled" })).toBeVisible();

  // The owner sees it cancelled, with nothing left to decide.
  await page.goto("/bids");
  const seen = bidRow(page, property.name);
  await expect(seen).toContainText("Cancelled");
  await expect(seen.getByRole("button", { name: "Accept" })).toHaveCount(0);
  expect(buyer.alerts).toHaveLength(1);
  await buyer.page.context().close();
});

test("An owner declines a bid, and the bidder sees it declined", async ({
  browser,
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("decliner"));
  const ownerAlerts = collectAlerts(page);
  const { building, property, ask } = await listBuilding(page, request);

  const buyer = await playerIn(browser, request, "hopeful");
  await addTestCard(buyer.page, request);
  const amount = Math.round(ask * 100 + 500) / 100;
  await openBidReview(buyer.page, building, amount);
  await placeBid(buyer.page, buyer.alerts, property, amount);

  await page.goto("/bids");
  const row = bidRow(page, property.name);
  await expect(row).toContainText("Pending");
  // Keep bid first: nothing is sent.
  await row.getByRole("button", { name: "Decline" }).click();
  const confirmDecline = page.getByRole("dialog", { name: "Decline Bid" });
  await expect(confirmDecline).toContainText(property.name);
  await confirmDecline.getByRole("button", { name: "Keep bid" }).click();
  await expect(confirmDecline).toBeHidden();
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: "Decline" }).click();
  await page
    .getByRole("dialog", { name: "Decline Bid" })
    .getByRole("button", { name: "Decline bid" })
    .click();
  await expect(row).toContainText("Declined");
  await expect(row.getByRole("button", { name: "Decline" })).toHaveCount(0);
  expect(ownerAlerts).toEqual([]);
  // The building is still the owner's, still for sale.
  const still = await readProperty(page, request, building.buildingId);
  expect(still.forSale).toBe(true);

  await buyer.page.reload();
  const mine = bidRow(buyer.page, property.name);
  await expect(mine).toContainText("Declined");
  await expect(mine).toContainText("The owner declined it. The hold was released.");
  await buyer.page.context().close();
});

test("Bid Review refuses a bid that is not above the asking price", async ({
  browser,
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("seller"));
  const { building, property, ask } = await listBuilding(page, request);

  const buyer = await playerIn(browser, request, "lowballer");
  await addTestCard(buyer.page, request);
  await openBidReview(buyer.page, building, ask + 1);
  const input = buyer.page.getByRole("spinbutton", { name: "Bid Price" });
  const tooLow = `Your bid must be higher than the base price of ${dollars(ask)}`;

  let calls = 0;
  buyer.page.on("request", (req) => {
    if (/\/properties\/(generate|submit)-bid$/.test(req.url())) calls += 1;
  });
  await input.fill(ask.toFixed(2));
  await buyer.page.getByRole("button", { name: "Place Bid" }).click();
  await expect(buyer.page.getByRole("alert")).toHaveText(tooLow);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(buyer.page.getByRole("dialog")).toHaveCount(0);
  await shoot(buyer.page, "bid-review-too-low");

  await input.fill("");
  await input.blur();
  await expect(buyer.page.getByRole("alert")).toHaveText("Please enter a valid price");
  expect(calls).toBe(0);

  // One cent more is a bid.
  await input.fill((Math.round(ask * 100 + 1) / 100).toFixed(2));
  await expect(buyer.page.getByRole("alert")).toHaveCount(0);
  await buyer.page.getByRole("button", { name: "Place Bid" }).click();
  await expect(buyer.page.getByRole("dialog", { name: "Confirm Bid" })).toBeVisible();
  expect(buyer.alerts).toEqual([]);
  expect((await readProperty(page, request, building.buildingId)).ownerId).not.toBeNull();
  void property;
  await buyer.page.context().close();
});

test("A bidder without a card is asked to add one first", async ({ browser, page, request, signUp }) => {
  await signUp(newUser("seller"));
  const { building, ask } = await listBuilding(page, request);

  const buyer = await playerIn(browser, request, "cardless");
  await openBidReview(buyer.page, building, ask + 10);
  await expect(buyer.page.getByText("No card on file")).toBeVisible();
  await expect(buyer.page.getByRole("link", { name: "Add Card" })).toHaveAttribute("href", "/Add-Card");
  await buyer.page.getByRole("button", { name: "Place Bid" }).click();
  await expect.poll(() => buyer.alerts).toEqual(["Please add a card first."]);
  await expect(buyer.page.getByRole("dialog")).toHaveCount(0);
  await buyer.page.context().close();
});

test("My Bids: the tabs work from the keyboard, and an empty list says so", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/bids");
  await expect(page).toHaveTitle(/My Bids/);
  const sell = page.getByRole("tab", { name: "Sell" });
  const buy = page.getByRole("tab", { name: "Buy" });
  await expect(page.getByRole("tablist", { name: "Bids" })).toBeVisible();
  await expect(sell).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Sell" })).toContainText("No bids yet");

  await sell.focus();
  await page.keyboard.press("ArrowRight");
  await expect(buy).toBeFocused();
  await expect(buy).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/bids\?tab=buy$/);
  await expect(page.getByRole("tabpanel", { name: "Buy" })).toContainText("No bids yet");
  await page.keyboard.press("ArrowRight");
  await expect(sell).toBeFocused();
  await page.keyboard.press("End");
  await expect(buy).toBeFocused();
  await page.keyboard.press("Home");
  await expect(sell).toHaveAttribute("aria-selected", "true");
});

test("My Bids shows the server's error when the list cannot be loaded, and Retry loads it", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.route("**/api/v1/properties/bids?*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ statusCode: 503, message: "The bids are resting.", code: "UNAVAILABLE" }),
    }),
  );
  await page.goto("/bids");
  await expect(page.getByRole("alert")).toHaveText("Error: The bids are resting.");

  // Retry loads the list again: once the server answers, the error goes.
  await page.unrouteAll();
  const reloaded = page.waitForResponse((res) => res.url().includes("/api/v1/properties/bids?"));
  await page.getByRole("button", { name: "Retry" }).click();
  expect((await reloaded).ok()).toBe(true);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("My Bids pages through more than 50 bids", async ({ page, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  const offsets: string[] = [];
  await page.route("**/api/v1/properties/bids?*", (route) => {
    const url = new URL(route.request().url());
    offsets.push(
      `${url.searchParams.get("type")}:${url.searchParams.get("limit")}:${url.searchParams.get("offset")}`,
    );
    const offset = Number(url.searchParams.get("offset"));
    const bid = (n: number) => ({
      bidId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      status: "expired",
      bidAmount: 100 + n,
      total: 108.99 + n,
      bidderId: "b",
      ownerId: "o",
      bidderDetails: { fullName: "Grace Hopper", userName: "grace" },
      propertyDetails: {
        _id: `p${n}`,
        buildingId: `way/${n}`,
        name: `Building ${n}`,
        price: 90,
        location: { lat: 40.75, lng: -73.98 },
      },
      createdAt: "2026-03-03T15:00:00.000Z",
      expiresAt: "2026-03-10T15:00:00.000Z",
      decidedAt: "2026-03-10T15:00:00.000Z",
      failure: null,
    });
    const count = offset === 0 ? 50 : 10;
    return route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        statusCode: 200,
        message: "Bids",
        data: { totalCount: 60, bidList: Array.from({ length: count }, (_, i) => bid(offset + i + 1)) },
      }),
    });
  });
  await page.goto("/bids?tab=buy");
  const panel = page.getByRole("tabpanel", { name: "Buy" });
  await expect(panel.getByRole("article")).toHaveCount(50);
  await expect(panel).toContainText("60 bids");
  const pager = page.getByRole("navigation", { name: "Buy bids pages" });
  await expect(pager).toContainText("Page 1 of 2");
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/bids\?tab=buy&page=2$/);
  await expect(panel.getByRole("article")).toHaveCount(10);
  await expect(panel.getByRole("article").first()).toContainText("Building 51");
  await expect(panel.getByRole("article").first()).toContainText("Expired");
  expect(offsets).toEqual(["bidder:50:0", "bidder:50:50"]);
});

test("Opening Bid Review by its address, with nothing to review, goes to the map", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/bid-review");
  await expect(page).toHaveURL(/\/map$/);
});
