import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  collectAlerts,
  dollars,
  EXPIRY_YEAR,
  findUnownedBuilding,
  offerBasePrice,
  readProperty,
  tokenOf,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("BUY_SHOTS_DIR");

const EXPIRY = `12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function addCardThroughApi(page: Page, request: APIRequestContext, number: string): Promise<void> {
  const tokenised = await request.post("/api/v1/sandbox/tokens", {
    data: { number, expMonth: 12, expYear: EXPIRY_YEAR, cvc: "123", name: "Ada Lovelace" },
  });
  expect(tokenised.ok(), `sandbox token answered ${tokenised.status()}`).toBe(true);
  const { data } = (await tokenised.json()) as {
    data: { id: string; card: { brand: string; last4: string } };
  };
  const saved = await request.post("/api/v1/users/create/payment/method", {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { token: data.id, last4: data.card.last4, brand: data.card.brand, isDefault: true },
  });
  expect(saved.ok(), `create payment method answered ${saved.status()}`).toBe(true);
}

test("A player buys an unowned building with the 4242 card", async ({ page, request, signUp }) => {
  await signUp(newUser("buyer"));
  const alerts = collectAlerts(page);
  const { building, property } = await findUnownedBuilding(page, request);
  const total = Math.round(property.basePrice * 100) + 600 + 299;

  await offerBasePrice(page, building, property.basePrice);
  await expect(page).toHaveTitle(/Order Review/);
  await expect(page.getByRole("heading", { level: 2, name: property.name })).toBeVisible();
  const summary = page.getByRole("region", { name: property.name });
  await expect(summary.getByRole("definition")).toHaveText([
    dollars(property.basePrice),
    "$2.99",
    "$6.00",
    dollars(total / 100),
  ]);
  await expect(summary.getByRole("term")).toHaveText(["Price", "Sales tax", "Processing fee", "Total"]);
  await expect(page.getByText("No card on file")).toBeVisible();

  // Add Card and come back: the review now shows the new default card.
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/Add-Card$/);
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Card number").pressSequentially("4242424242424242");
  await page.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await page.getByLabel("CVC").pressSequentially("123");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/order-review$/);
  await expect(page.getByText("VISA •••• 4242")).toBeVisible();
  await expect(page.getByText("No card on file")).toHaveCount(0);
  await expect(summary.getByRole("definition").last()).toHaveText(dollars(total / 100));

  // Confirm: the dialog restates the total and the card, then pays.
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm).toContainText(property.name);
  await expect(confirm).toContainText(dollars(total / 100));
  await expect(confirm).toContainText("VISA •••• 4242");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();

  const buyRequest = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/buy") && req.method() === "POST",
  );
  await confirm.getByRole("button", { name: `Pay ${dollars(total / 100)}` }).click();
  const sent = await buyRequest;
  expect(sent.headers()["idempotency-key"]).toMatch(UUID);
  expect(sent.postDataJSON()).toMatchObject({
    buildingId: building.buildingId,
    bidAmount: property.basePrice,
    isApplePay: false,
  });

  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);

  // Back on Property Details: the player owns it now.
  await expect(page).toHaveURL(/\/Property-Details\?/);
  await expect(page.getByRole("button", { name: "Sell or Ask" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy or Bid" })).toHaveCount(0);
  await expect(page.getByText("You", { exact: true })).toBeVisible();

  await page.goto("/assets");
  await expect(page.getByRole("link").filter({ hasText: property.name })).toBeVisible();
});

test("Buying without a card asks for one first", async ({ page, request, logIn, existingPlayer }) => {
  await logIn(existingPlayer);
  const alerts = collectAlerts(page);
  const buyCalls: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/v1/properties/buy")) buyCalls.push(req.url());
  });
  const { building, property } = await findUnownedBuilding(page, request);

  await offerBasePrice(page, building, property.basePrice);
  await expect(page.getByText("No card on file")).toBeVisible();
  await page.getByRole("button", { name: "Continue to Pay" }).click();

  await expect.poll(() => alerts).toEqual(["Please add a card first."]);
  await expect(page.getByRole("dialog", { name: "Confirm Purchase" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/order-review$/);
  expect(buyCalls).toEqual([]);
});

test("A card with insufficient funds is refused with 'Purchase failed: …' and the building stays unowned", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await addCardThroughApi(page, request, "4000000000009995");
  const alerts = collectAlerts(page);
  const { building, property } = await findUnownedBuilding(page, request);

  await offerBasePrice(page, building, property.basePrice);
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await confirm.getByRole("button", { name: /^Pay \$/ }).click();

  await expect.poll(() => alerts).toEqual(["Purchase failed: Your card has insufficient funds."]);
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/order-review$/);
  await expect(page.getByRole("button", { name: "Continue to Pay" })).toBeFocused();
  expect((await readProperty(page, request, building.buildingId)).ownerId).toBeNull();
});

test("Opening Order Review by its address, with nothing to review, goes to the map", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/order-review");
  await expect(page).toHaveURL(/\/map$/);
});

test("A player with two cards pays with the one they pick, not only the default", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("picker"));
  const alerts = collectAlerts(page);
  await addCardThroughApi(page, request, "4242424242424242");
  // Added last, so the Mastercard is the default.
  await addCardThroughApi(page, request, "5555555555554444");
  const cards = await request.get("/api/v1/users/get/payment/method", {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  const { cardList } = (
    (await cards.json()) as { data: { cardList: { paymentMethodId: string; last4: string }[] } }
  ).data;
  const visa = cardList.find((card) => card.last4 === "4242");
  expect(visa).toBeDefined();

  const { building, property } = await findUnownedBuilding(page, request);
  await offerBasePrice(page, building, property.basePrice);
  const choices = page.getByRole("group", { name: "Pay with" });
  await expect(choices.getByRole("radio")).toHaveCount(2);
  await expect(choices.getByRole("radio", { name: /MASTERCARD •••• 4444/ })).toBeChecked();
  await shoot(page, "order-review-card-picker");

  await choices.getByRole("radio", { name: /VISA •••• 4242/ }).check();
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm).toContainText("VISA •••• 4242");
  const buyRequest = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/buy") && req.method() === "POST",
  );
  await confirm.getByRole("button", { name: /^Pay / }).click();
  expect((await buyRequest).postDataJSON()).toMatchObject({ paymentMethodId: visa?.paymentMethodId });
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);
});
