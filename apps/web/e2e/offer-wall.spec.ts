import { expect, test } from "./support/fixtures";
import { addTestCard, collectAlerts, dollars, findUnownedBuilding, offerBasePrice } from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

const shot = screenshotsTo("OFFERWALL_SHOTS_DIR");

test("A player completes a sandbox offer, sees the credits on Profile, and buys a building paying partly with credits and partly by card", async ({
  page,
  request,
  signUp,
}) => {
  await signUp(newUser("earner"));
  await addTestCard(page, request);
  const alerts = collectAlerts(page);

  // Profile: no credits yet, and the way to the wall.
  await page.goto("/profile");
  await expect(page.getByTestId("profile-credits")).toHaveText("$0.00");
  await page.getByRole("link", { name: "Earn credits" }).click();
  await expect(page).toHaveURL(/\/offerwall$/);
  await expect(page.getByRole("heading", { level: 1, name: "Offer wall" })).toBeVisible();
  await expect(page.getByText("Offers you complete show up here, with their credits.")).toBeVisible();
  await shot(page, "offerwall-empty");

  // Completing an offer: pending until the sandbox partner's postback reaches the server, then credited.
  await page.getByRole("button", { name: "Complete offer: Start a streaming trial" }).click();
  const history = page.getByRole("region", { name: "Your offers" });
  const row = history.getByRole("listitem").filter({ hasText: "Start a streaming trial" });
  await expect(row).toContainText("Pending");
  await shot(page, "offerwall-pending");
  await expect(row).toContainText("Credited", { timeout: 20_000 });
  await expect(row).toContainText("$30.00 credited");
  await expect(page.getByTestId("offerwall-balance")).toHaveText("$30.00");
  await shot(page, "offerwall-credited");

  await page.goto("/profile");
  await expect(page.getByTestId("profile-credits")).toHaveText("$30.00");
  // The activity feed says so.
  await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await expect(
    page.getByText("Start a streaming trial: $30.00 of credits to spend on buildings."),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await shot(page, "profile-credits");

  // Order Review: spend the credits, the card pays the rest.
  const { building, property } = await findUnownedBuilding(page, request);
  const totalCents = Math.round(property.basePrice * 100) + 600 + 299;
  const chargedCents = totalCents - 3000;
  await offerBasePrice(page, building, property.basePrice);
  await expect(page).toHaveTitle(/Order Review/);
  const credits = page.getByRole("region", { name: "Offer-wall credits" });
  await expect(credits).toContainText("You have $30.00 of credits to spend.");
  await credits.getByLabel("Use $30.00 of credits for this building").check();
  await expect(credits.getByRole("definition")).toHaveText(["−$30.00", dollars(chargedCents / 100)]);
  await shot(page, "order-review-credits");

  await page.getByRole("button", { name: "Continue to Pay" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm).toContainText(dollars(totalCents / 100));
  await expect(confirm).toContainText("Paid with credits");
  await shot(page, "order-review-confirm");
  const buyRequest = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/properties/buy") && req.method() === "POST",
  );
  await confirm.getByRole("button", { name: `Pay ${dollars(chargedCents / 100)}` }).click();
  expect((await buyRequest).postDataJSON()).toMatchObject({
    buildingId: building.buildingId,
    bidAmount: property.basePrice,
    credits: 30,
  });
  await expect.poll(() => alerts).toEqual([`You now own ${property.name}.`]);

  await page.goto("/profile");
  await expect(page.getByTestId("profile-credits")).toHaveText("$0.00");
});
