import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  collectAlerts,
  detailsUrl,
  dollars,
  onboardPayouts,
  placeAsk,
  readProperty,
} from "./support/market";
import { signedIn } from "./support/operators";
import { screenshotsTo } from "./support/shots";
import { newUser, type TestUser } from "./support/users";

const shoot = screenshotsTo("SHOTS_DIR");

const FOR_SALE_REASON = "This building is for sale: cancel the sale before developing it.";

/** The signed-in owner buys a building, sets up payouts and puts it up for sale at its price + $250. */
async function listBuilding(page: Page, request: APIRequestContext) {
  const { building, property } = await buyBuilding(page, request);
  await onboardPayouts(page, request);
  const ask = Math.round(property.price * 100 + 25_000) / 100;
  await placeAsk(page, request, property._id, ask);
  return { building, property, ask };
}

/** Another player, in a browser of their own, bids `amount` on the building with the 4242 card. */
async function bidFromAnotherPlayer(
  browser: Browser,
  request: APIRequestContext,
  propertyId: string,
  amount: number,
): Promise<TestUser> {
  const bidder = { ...newUser("bidder"), fullName: "Grace Hopper" };
  await createAccount(request, bidder);
  const page = await signedIn(browser, bidder);
  await addTestCard(page, request);
  const bid = await request.post("/api/v1/properties/submit-bid", {
    headers: await authHeaders(page),
    data: { propertyId, bidAmount: amount, isApplePay: false },
  });
  expect(bid.ok(), `submit-bid answered ${bid.status()} ${await bid.text()}`).toBe(true);
  await page.context().close();
  return bidder;
}

/** The owner's listing as Property Details shows it: the ask, Change ask and Cancel Sale, Develop held back. */
async function expectOwnListing(page: Page, ask: number) {
  const card = page.getByRole("region", { name: "Property details" });
  await expect(card.getByText(`For sale at ${dollars(ask)}`, { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Change ask" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Cancel Sale" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sell or Ask" })).toHaveCount(0);
  // The ask is compared with the building's value, and said so.
  await expect(page.getByTestId("ask-against-value")).toContainText("above its value of");
  const develop = page
    .getByRole("region", { name: "Development" })
    .getByRole("button", { name: /^Develop:/ });
  await expect(develop).toBeDisabled();
  await expect(develop).toHaveAccessibleDescription(FOR_SALE_REASON);
  await expect(page.getByText(FOR_SALE_REASON, { exact: true })).toBeVisible();
}

test("An owner sees their listing for what it is and accepts a bid on Property Details", async ({
  page,
  request,
  browser,
  signUp,
}) => {
  await signUp(newUser("seller"));
  const alerts = collectAlerts(page);
  const { building, property, ask } = await listBuilding(page, request);

  await page.goto(detailsUrl(building));
  await expectOwnListing(page, ask);
  const market = page.getByTestId("market-panel");
  await expect(market.getByText("No bids yet.", { exact: true })).toBeVisible();
  await shoot(page, "owner-listing");

  const amount = Math.round(ask * 100 + 5_000) / 100;
  const bidder = await bidFromAnotherPlayer(browser, request, property._id, amount);

  // The owner sees who bid what, with Accept and Decline, where the bid appears.
  await page.reload();
  await expect(market.getByRole("heading", { name: "Bids waiting for your answer" })).toBeVisible();
  const bidText = `${dollars(amount)} from ${bidder.fullName} (@${bidder.userName})`;
  await expect(market.getByTestId("building-bids")).toContainText(bidText);
  await shoot(page, "owner-sees-a-bid");

  // Accept asks first, with Cancel focused: accepting cannot be undone.
  await market.getByRole("button", { name: "Accept" }).click();
  const confirm = page.getByRole("dialog", { name: "Accept Bid" });
  await expect(confirm).toContainText(
    `Accept ${bidder.fullName}'s bid of ${dollars(amount)} for ${property.name}?`,
  );
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(confirm.getByRole("definition").last()).toHaveText(dollars(amount - 5));
  await shoot(page, "owner-accepts-the-bid");
  const accepted = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/accept-bid") && req.method() === "POST",
  );
  await confirm.getByRole("button", { name: "Accept bid" }).click();
  expect((await accepted).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

  // Sold: the building is the bidder's now, and the owner's controls are gone.
  await expect(market.getByRole("status")).toHaveText(
    `Bid accepted. ${property.name} now belongs to ${bidder.fullName} (@${bidder.userName}).`,
  );
  const card = page.getByRole("region", { name: "Property details" });
  await expect(card.getByText(bidder.userName, { exact: true })).toBeVisible();
  await expect(card.getByText("For sale", { exact: true })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: /^(Change ask|Cancel Sale|Sell or Ask|Accept)$/ }),
  ).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Develop:/ })).toHaveCount(0);
  await shoot(page, "owner-sold-the-building");

  const after = await readProperty(page, request, building.buildingId);
  expect(after.forSale).toBe(false);
  expect(after.price).toBe(amount);
  expect(alerts).toEqual([]);
});

test("An owner on a phone declines a bid and takes the building off the market on Property Details", async ({
  page,
  request,
  browser,
  signUp,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(newUser("seller"));
  const alerts = collectAlerts(page);
  const { building, property, ask } = await listBuilding(page, request);
  const amount = Math.round(ask * 100 + 1_000) / 100;
  const bidder = await bidFromAnotherPlayer(browser, request, property._id, amount);

  await page.goto(detailsUrl(building));
  await expectOwnListing(page, ask);
  const market = page.getByTestId("market-panel");
  await expect(market.getByTestId("building-bids")).toContainText(
    `${dollars(amount)} from ${bidder.fullName}`,
  );

  // Decline asks first, with Keep bid focused; keeping it sends nothing.
  await market.getByRole("button", { name: "Decline" }).click();
  let question = page.getByRole("dialog", { name: "Decline Bid" });
  await expect(question).toContainText(
    `Decline ${bidder.fullName}'s bid of ${dollars(amount)} for ${property.name}?`,
  );
  await expect(question.getByRole("button", { name: "Keep bid" })).toBeFocused();
  await question.getByRole("button", { name: "Keep bid" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(market.getByRole("button", { name: "Decline" })).toBeVisible();

  await market.getByRole("button", { name: "Decline" }).click();
  question = page.getByRole("dialog", { name: "Decline Bid" });
  await shoot(page, "owner-declines-the-bid");
  const declined = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/reject-bid") && req.method() === "POST",
  );
  await question.getByRole("button", { name: "Decline bid" }).click();
  await declined;

  // The bid is gone from the list; the building stays for sale.
  await expect(market.getByRole("status")).toHaveText(
    `You declined ${bidder.fullName} (@${bidder.userName})'s bid.`,
  );
  await expect(market.getByTestId("building-bids")).toHaveText("No bids yet.");
  await expect(market.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expectOwnListing(page, ask);
  await shoot(page, "owner-declined-the-bid");

  // Cancel Sale asks first, then takes the building off the market.
  const card = page.getByRole("region", { name: "Property details" });
  await card.getByRole("button", { name: "Cancel Sale" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Sale" });
  await expect(cancel).toContainText(
    `Take ${property.name} off the market? It is for sale at ${dollars(ask)}.`,
  );
  await expect(cancel.getByRole("button", { name: "Keep it for sale" })).toBeFocused();
  await shoot(page, "owner-cancels-the-sale");
  const cancelled = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/cancel-sale") && req.method() === "POST",
  );
  await cancel.getByRole("button", { name: "Take it off the market" }).click();
  expect((await cancelled).postDataJSON()).toEqual({ propertyId: property._id });

  await expect(card.getByRole("status")).toHaveText(`${property.name} is no longer for sale.`);
  await expect(card.getByText("For sale", { exact: true })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Sell or Ask" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Develop:/ })).toBeEnabled();
  await expect(page.getByText(FOR_SALE_REASON, { exact: true })).toHaveCount(0);
  await shoot(page, "owner-cancelled-the-sale");

  expect((await readProperty(page, request, building.buildingId)).forSale).toBe(false);
  expect(alerts).toEqual([]);
});
