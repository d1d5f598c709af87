import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import { readMailbox } from "./support/mailbox";
import {
  buyBuilding,
  collectAlerts,
  dollars,
  findUnownedBuilding,
  offerBasePrice,
  onboardPayouts,
  openBidReview,
  placeAsk,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("PAYPAL_SHOTS_DIR");
const CANCELLED = "The payment was cancelled at PayPal; nothing was charged.";

/** The PayPal dialog, open on the sandbox's approval page, with focus inside it. */
async function paypalDialog(page: Page): Promise<{ dialog: Locator; frame: Locator }> {
  const dialog = page.getByRole("dialog", { name: "Pay with PayPal" });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe[title="PayPal"]');
  await expect(frame.contentFrame().getByText("sandbox-buyer@example.com")).toBeVisible();
  await expect(frame).toBeFocused();
  return { dialog, frame };
}

const answerPaypal = (frame: Locator, answer: "Approve" | "Cancel and return") =>
  frame.contentFrame().getByRole("button", { name: answer, exact: true }).click();

test("A player without a card buys a building with PayPal, approving in PayPal's window; cancelling there buys nothing", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("paypal"));
  const alerts = collectAlerts(page);

  const { building, property } = await findUnownedBuilding(page, request);
  await offerBasePrice(page, building, property.basePrice);
  const total = dollars((Math.round(property.basePrice * 100) + 600 + 299) / 100);
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
  await shoot(page, "order-review");

  // Pay with PayPal: the confirmation names PayPal, then PayPal's approval opens; nothing is owned yet.
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm).toContainText("PayPal");
  await confirm.getByRole("button", { name: `Pay ${total}` }).click();
  const { dialog, frame } = await paypalDialog(page);
  await expect(frame.contentFrame().getByText(total)).toBeVisible();
  await shoot(page, "approval");
  expect((await readProperty(page, request, building.buildingId)).ownerId).toBeNull();

  await answerPaypal(frame, "Approve");
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/Property-Details\?/);
  const owner = await page.evaluate(() => localStorage.getItem("userId"));
  expect((await readProperty(page, request, building.buildingId)).ownerId).toBe(owner);

  // Another building: cancelled at PayPal, nothing is bought and the player is told so.
  const next = await findUnownedBuilding(page, request);
  await offerBasePrice(page, next.building, next.property.basePrice);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: /^Pay \$/ })
    .click();
  const again = await paypalDialog(page);
  await answerPaypal(again.frame, "Cancel and return");
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`, `Purchase failed: ${CANCELLED}`]);
  await expect(page).toHaveURL(/\/order-review$/);
  expect((await readProperty(page, request, next.building.buildingId)).ownerId).toBeNull();
});

/** A seller in a browser of their own: buys a building with the 4242 card, onboards, and asks for it. */
async function listedBuilding(browser: Browser, request: APIRequestContext) {
  const seller = newUser("pp_seller");
  await createAccount(request, seller);
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillLogin(page, seller.email, seller.password);
  await expect(page).toHaveURL(MAP_URL);
  const { building, property } = await buyBuilding(page, request);
  await onboardPayouts(page, request);
  const ask = Math.round(property.price * 100 + 25_000) / 100;
  await placeAsk(page, request, property._id, ask);
  return { building, property, ask, seller: page, close: () => context.close() };
}

test("A player bids with a PayPal hold, the owner accepts, and the bidder owns the building, paid by PayPal", async ({
  browser,
  page,
  request,
  signUp,
}) => {
  const { building, property, ask, seller, close } = await listedBuilding(browser, request);
  await signUp(newUser("pp_bidder"));
  const alerts = collectAlerts(page);
  const amount = Math.round(ask * 100 + 10_000) / 100;
  await openBidReview(page, building, amount);
  await shoot(page, "bid-review");

  await page.getByRole("button", { name: "Hold with PayPal" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Bid" });
  await expect(confirm).toContainText("PayPal");
  await confirm.getByRole("button", { name: "Place Bid" }).click();
  const { frame } = await paypalDialog(page);
  await expect(frame.contentFrame().getByRole("heading", { name: "Approve a hold" })).toBeVisible();
  await expect(frame.contentFrame().getByText(dollars(amount + 8.99))).toBeVisible();
  await answerPaypal(frame, "Approve");
  await expect.poll(() => alerts).toEqual([`Your bid of ${dollars(amount)} on ${property.name} is placed.`]);
  await expect(page).toHaveURL(/\/bids\?tab=buy$/);
  const mine = page.getByRole("tabpanel").getByRole("article", { name: property.name }).first();
  await expect(mine).toContainText("Pending");
  await expect(mine).toContainText("PayPal");
  await shoot(page, "my-bids-buy");

  // The owner accepts in My Bids: the PayPal hold is captured and the building changes hands.
  await seller.goto("/profile");
  await seller.getByRole("link", { name: "My Bids" }).click();
  const offer = seller.getByRole("tabpanel").getByRole("article", { name: property.name }).first();
  await expect(offer).toContainText("PayPal");
  await offer.getByRole("button", { name: "Accept" }).click();
  await seller
    .getByRole("dialog", { name: "Accept Bid" })
    .getByRole("button", { name: "Accept bid" })
    .click();
  await expect(offer).toContainText("Accepted");
  await close();

  const bidder = await page.evaluate(() => localStorage.getItem("userId"));
  const after = await readProperty(page, request, building.buildingId);
  expect(after.ownerId).toBe(bidder);
  expect(after.price).toBe(amount);
  await page.reload();
  await expect(mine).toContainText("Accepted");
  await expect(mine).toContainText("PayPal");
});

test("A visitor buys a cap in the shop with PayPal, approving in PayPal's window, and reaches the thank-you page", async ({
  page,
  request,
}) => {
  const email = `pp_shopper_${Date.now()}@example.com`;
  await page.goto("/shop");
  await page.getByRole("link", { name: "Snapback Cap" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The e-mail is checked first, as for a card.
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter your email address.");
  await page.getByLabel("Email").fill(email);
  await shoot(page, "shop-checkout");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();

  // Where the cap goes comes first: standard shipping to Albany, New York's 4% on the goods.
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByLabel("Address", { exact: true }).fill("1 State Street");
  await page.getByLabel("City").fill("Albany");
  await page.getByLabel("State").selectOption("NY");
  await page.getByLabel("ZIP code").fill("12207");
  await expect(page.getByTestId("payment-total")).toHaveText("$109.00");
  await page.getByRole("button", { name: "Pay $109.00 with PayPal" }).click();

  const { frame } = await paypalDialog(page);
  await expect(frame.contentFrame().getByText("$109.00")).toBeVisible();
  await shoot(page, "shop-approval");
  await answerPaypal(frame, "Approve");

  await expect(page).toHaveURL(/\/return\?session_id=paypal_/);
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await expect(page.getByText(`A confirmation email will be sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expect.poll(async () => (await readMailbox(request, email)).length).toBe(1);
  const [mail] = await readMailbox(request, email);
  expect(mail?.text).toContain("1 × Snapback Cap");
  expect(mail?.text).toContain("Total charged: $109.00");
  expect(mail?.text).toContain("Ship to: Grace Hopper, 1 State Street, Albany, NY 12207 (Standard shipping)");
});

test.describe("On a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("A player paying with PayPal on a phone sees PayPal's Approve button without scrolling", async ({
    page,
    request,
    signUp,
  }) => {
    await signUp(newUser("pp_phone"));
    const { building, property } = await findUnownedBuilding(page, request);
    await offerBasePrice(page, building, property.basePrice);
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page
      .getByRole("dialog", { name: "Confirm Purchase" })
      .getByRole("button", { name: /^Pay \$/ })
      .click();
    const { frame } = await paypalDialog(page);
    const approve = frame.contentFrame().getByRole("button", { name: "Approve", exact: true });
    await expect(approve).toBeVisible();
    // Neither the frame nor the page has to be scrolled: the button lies inside the frame's box and the window.
    const button = await approve.boundingBox();
    const box = await frame.boundingBox();
    expect(button && box).toBeTruthy();
    if (!button || !box) return;
    expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
    expect(button.y + button.height).toBeLessThanOrEqual(812);
    expect(await frame.evaluate((f: HTMLIFrameElement) => f.contentWindow?.scrollY ?? 0)).toBe(0);
    const folder = process.env.PAYPAL_SHOTS_DIR;
    if (folder) await page.screenshot({ path: `${folder}/approval-phone-375.png` });
  });
});
