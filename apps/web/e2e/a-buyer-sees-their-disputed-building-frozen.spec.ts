import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import {
  authHeaders,
  collectAlerts,
  dollars,
  EXPIRY_YEAR,
  findUnownedBuilding,
  offerBasePrice,
  readProperty,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shoot = screenshotsTo("FROZEN_SHOTS_DIR");

const EXPIRY = `12${String(EXPIRY_YEAR % 100).padStart(2, "0")}`;

const FROZEN_REASON =
  "A payment for this building is disputed: it can't be listed, sold, developed or renamed until the dispute is decided.";

test("A buyer whose card payment is disputed sees the building frozen on Property Details, and why; a watcher sees it frozen on their watchlist", async ({
  page,
  browser,
  request,
  signUp,
}) => {
  await signUp(newUser("disputed"));
  const alerts = collectAlerts(page);
  const { building, property } = await findUnownedBuilding(page, request);
  const total = Math.round(property.basePrice * 100) + 600 + 299;

  // The buyer pays with the card whose holder disputes the charge shortly after (Stripe's 4000 0000 0000 0259).
  await offerBasePrice(page, building, property.basePrice);
  await page.getByRole("link", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/Add-Card$/);
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByLabel("Card number").pressSequentially("4000000000000259");
  await page.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await page.getByLabel("CVC").pressSequentially("123");
  await page.getByRole("button", { name: "Add Card" }).click();
  await expect(page).toHaveURL(/\/order-review$/);
  await expect(page.getByText("VISA •••• 0259")).toBeVisible();
  await page.getByRole("button", { name: "Continue to Pay" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await confirm.getByRole("button", { name: `Pay ${dollars(total / 100)}` }).click();
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);
  await expect(page).toHaveURL(/\/Property-Details\?/);

  // The dispute reaches the product a second or so later, and the building is frozen: the page hears of it.
  await expect
    .poll(async () => (await readProperty(page, request, building.buildingId)) as { frozen?: boolean }, {
      timeout: 20_000,
    })
    .toMatchObject({ frozen: true });
  const card = page.getByRole("region", { name: "Property details" });
  await expect(card.getByTestId("frozen-badge")).toHaveText("Frozen", { timeout: 15_000 });

  // Its owner is told why, where the actions are, and none of them can be taken.
  const notice = card.getByTestId("frozen-notice");
  await expect(notice).toContainText("Frozen while a payment is disputed");
  await expect(notice).toContainText(FROZEN_REASON);
  const sell = card.getByRole("button", { name: "Sell or Ask" });
  await expect(sell).toBeDisabled();
  await expect(sell).toHaveAccessibleDescription(FROZEN_REASON);
  await expect(page.getByRole("button", { name: "Edit building name" })).toHaveCount(0);
  const develop = page.getByRole("region", { name: "Development" });
  await expect(
    develop.getByText("This building is frozen while a payment for it is disputed."),
  ).toBeVisible();
  await expect(develop.getByRole("button", { name: /^Develop: / })).toBeDisabled();
  await shoot(page, "frozen-owner");

  // The server refuses the listing too, whatever the page shows.
  const listed = await request.post("/api/v1/properties/place-ask", {
    headers: await authHeaders(page),
    data: { propertyId: building.buildingId, bidAmount: property.basePrice + 100 },
  });
  expect(listed.status()).toBe(409);

  // A reload reads the same: the building is frozen, and the owner still sees why.
  await page.reload();
  await expect(card.getByTestId("frozen-badge")).toBeVisible();
  await expect(card.getByTestId("frozen-notice")).toContainText(FROZEN_REASON);

  // Another player sees only the small badge: why is the owner's business.
  const other = newUser("onlooker");
  await createAccount(request, other);
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const onlooker = await context.newPage();
  await fillLogin(onlooker, other.email, other.password);
  await expect(onlooker).toHaveURL(MAP_URL);
  await onlooker.goto(page.url());
  const theirCard = onlooker.getByRole("region", { name: "Property details" });
  await expect(theirCard.getByTestId("frozen-badge")).toHaveText("Frozen");
  await expect(theirCard.getByTestId("frozen-notice")).toHaveCount(0);
  await expect(onlooker.getByText(FROZEN_REASON)).toHaveCount(0);
  await shoot(onlooker, "frozen-onlooker");

  // Watched, it is marked frozen on their watchlist too.
  await onlooker.getByRole("button", { name: `Watch ${property.name}` }).click();
  await expect(onlooker.getByRole("button", { name: `Watching ${property.name}` })).toBeVisible();
  await onlooker.goto("/watchlist");
  const row = onlooker.getByRole("listitem").filter({ hasText: property.name });
  await expect(row.getByTestId("frozen-badge")).toHaveText("Frozen");
  await expect(row.getByTestId("frozen-badge")).toHaveAttribute(
    "title",
    "Frozen while a payment is disputed",
  );
  await shoot(onlooker, "frozen-on-the-watchlist");
  await context.close();
});
