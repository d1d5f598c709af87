import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import {
  buyBuilding,
  collectAlerts,
  dollars,
  EXPIRY_YEAR,
  findUnownedBuilding,
  offerBasePrice,
  onboardPayouts,
  openBidReview,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

/** Stripe's 3-D Secure test card: the bank asks for its check on every payment. */
const AUTHENTICATION_CARD = "4000002500003155";
const EXPIRY = `12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`;
const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

const shoot = screenshotsTo("THREE_D_SECURE_SHOTS_DIR");

/** The sandbox card form, reached from a review screen's 'Add Card' link; back on the review afterwards. */
async function addAuthenticationCard(page: Page, review: RegExp) {
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/Add-Card$/);
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Card number").pressSequentially(AUTHENTICATION_CARD);
  await page.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await page.getByLabel("CVC").pressSequentially("123");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page).toHaveURL(review);
  await expect(page.getByText("VISA •••• 3155")).toBeVisible();
}

/** The bank's dialog, open on its framed page, with focus inside it. */
async function bankDialog(page: Page): Promise<{ dialog: Locator; frame: Locator }> {
  const dialog = page.getByRole("dialog", { name: "Confirm with your bank" });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe[title="Your bank\'s check"]');
  await expect(frame.contentFrame().getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await expect(frame).toBeFocused();
  return { dialog, frame };
}

const answerBank = (frame: Locator, answer: "Complete authentication" | "Fail authentication") =>
  frame.contentFrame().getByRole("button", { name: answer }).click();

test("A player whose bank asks for 3-D Secure buys a building after confirming with the bank; a failed check leaves the next one for sale", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("secure"));
  const alerts = collectAlerts(page);

  // The card is added from Order Review, like any test card.
  const { building, property } = await findUnownedBuilding(page, request);
  await offerBasePrice(page, building, property.basePrice);
  await addAuthenticationCard(page, /\/order-review$/);

  // Pay: the bank asks for its check in a dialog of its own; nothing is owned yet.
  const total = dollars((Math.round(property.basePrice * 100) + 600 + 299) / 100);
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: `Pay ${total}` })
    .click();
  const { dialog, frame } = await bankDialog(page);
  await expect(page.getByRole("dialog", { name: "Confirm Purchase" })).toHaveCount(0);
  await expect(frame.contentFrame().getByText(total)).toBeVisible();
  await shoot(page, "bank-check");
  expect((await readProperty(page, request, building.buildingId)).ownerId).toBeNull();

  // Completed: the server confirms the payment and the purchase ends as any other.
  const confirmRequest = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/buy/confirm") && req.method() === "POST",
  );
  await answerBank(frame, "Complete authentication");
  const confirmSent = await confirmRequest;
  expect(confirmSent.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.keys(confirmSent.postDataJSON() as object)).toEqual(["purchaseId"]);
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/Property-Details\?/);
  await expect(page.getByRole("button", { name: "Sell or Ask" })).toBeVisible();
  const owner = await page.evaluate(() => localStorage.getItem("userId"));
  expect((await readProperty(page, request, building.buildingId)).ownerId).toBe(owner);

  // Another building: Cancel gives the check up and leaves the review as it was, without a message.
  const next = await findUnownedBuilding(page, request);
  await offerBasePrice(page, next.building, next.property.basePrice);
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: /^Pay \$/ })
    .click();
  const first = await bankDialog(page);
  const challenge = await first.frame.getAttribute("src");
  await first.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(first.dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Continue to Pay" })).toBeFocused();
  expect(alerts).toHaveLength(1);

  // Paying again takes the player back to the same payment's check; failing it fails the purchase.
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: /^Pay \$/ })
    .click();
  const again = await bankDialog(page);
  expect(await again.frame.getAttribute("src")).toBe(challenge);
  await answerBank(again.frame, "Fail authentication");
  await expect
    .poll(() => alerts)
    .toEqual([`You now own ${property.name}.`, `Purchase failed: ${AUTHENTICATION_FAILED}`]);
  await expect(again.dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/order-review$/);
  await expect(page.getByRole("button", { name: "Continue to Pay" })).toBeFocused();
  const after = await readProperty(page, request, next.building.buildingId);
  expect(after.ownerId).toBeNull();
  expect(after.status).toBe("available");
});

/** A seller in a browser of their own: buys a building with the 4242 card, onboards, and asks for it. */
async function listedBuilding(browser: Browser, request: APIRequestContext) {
  const seller = newUser("seller");
  await createAccount(request, seller);
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillLogin(page, seller.email, seller.password);
  await expect(page).toHaveURL(MAP_URL);
  const { building, property } = await buyBuilding(page, request);
  await onboardPayouts(page, request);
  const ask = Math.round(property.price * 100 + 25_000) / 100;
  await placeAsk(page, request, property._id, ask);
  await context.close();
  return { building, property, ask };
}

test("A player whose bank asks for 3-D Secure places a bid after confirming the hold with the bank; a failed check places none", async ({
  browser,
  page,
  request,
  signUp,
}) => {
  const { building, property, ask } = await listedBuilding(browser, request);
  await signUp(newUser("secure_bidder"));
  const alerts = collectAlerts(page);
  const amount = Math.round(ask * 100 + 10_000) / 100;
  await openBidReview(page, building, amount);
  await addAuthenticationCard(page, /\/bid-review$/);

  // A failed check places nothing and says why, on Bid Review.
  const placeBid = async () => {
    await page.getByRole("button", { name: "Place Bid" }).click();
    await page
      .getByRole("dialog", { name: "Confirm Bid" })
      .getByRole("button", { name: "Place Bid" })
      .click();
    return bankDialog(page);
  };
  const refused = await placeBid();
  await answerBank(refused.frame, "Fail authentication");
  await expect.poll(() => alerts).toEqual([AUTHENTICATION_FAILED]);
  await expect(refused.dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/bid-review$/);

  // Then again, completed.
  const { dialog, frame } = await placeBid();
  await expect(frame.contentFrame().getByText(dollars(amount + 8.99))).toBeVisible();
  await shoot(page, "bank-check-bid");

  // The frame's answer starts the confirm; the progress shows until the server has read the hold again.
  let releaseConfirm = () => {};
  const held = new Promise<void>((resolve) => {
    releaseConfirm = resolve;
  });
  await page.route("**/api/v1/properties/submit-bid/confirm", async (route) => {
    await held;
    await route.continue();
  });
  await answerBank(frame, "Complete authentication");
  await expect(dialog.getByRole("status").filter({ hasText: "Confirming your payment…" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await shoot(page, "bank-check-confirming");
  releaseConfirm();

  await expect
    .poll(() => alerts)
    .toEqual([AUTHENTICATION_FAILED, `Your bid of ${dollars(amount)} on ${property.name} is placed.`]);
  await expect(page).toHaveURL(/\/bids\?tab=buy$/);
  const row = page.getByRole("tabpanel").getByRole("article", { name: property.name }).first();
  await expect(row).toContainText(dollars(amount));
  await expect(row).toContainText("Pending");
  // The bank's page left nothing in the tab's history: Back from My Bids returns to the building.
  await page.goBack();
  await expect(page).toHaveURL(/\/Property-Details\?/);
});
