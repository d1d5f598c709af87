import type { APIRequestContext, Dialog, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { newUser } from "./support/users";

const EXPIRY_YEAR = new Date().getFullYear() + 3;

interface SearchResult {
  buildingId: string;
  name: string;
  lat: number;
  lng: number;
}

interface PropertyState {
  _id: string;
  name: string;
  ownerId: string | null;
  forSale: boolean;
  basePrice: number;
  price: number;
  status: string;
}

const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error("the player is not signed in");
  return token;
}

async function authHeaders(page: Page) {
  return { Authorization: `Bearer ${await tokenOf(page)}` };
}

async function readProperty(page: Page, request: APIRequestContext, buildingId: string) {
  const response = await request.get(
    `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(buildingId)}`,
    { headers: await authHeaders(page) },
  );
  expect(response.ok(), `property details answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data: { propertyDetails: PropertyState[] } };
  const property = body.data.propertyDetails[0];
  if (!property) throw new Error(`no property for ${buildingId}`);
  return property;
}

const takenBuildings = new Set<string>();

/** A building nobody owns and not yet taken by another test of this run. */
async function findUnownedBuilding(page: Page, request: APIRequestContext) {
  for (const q of ["Avenue", "Street", "West", "East"]) {
    const response = await request.get(`/api/v1/buildings/search?q=${encodeURIComponent(q)}&limit=20`);
    expect(response.ok(), `building search answered ${response.status()}`).toBe(true);
    const { data } = (await response.json()) as { data: { results: SearchResult[] } };
    for (const building of data.results) {
      if (takenBuildings.has(building.buildingId)) continue;
      const property = await readProperty(page, request, building.buildingId);
      if (property.status === "available" && property.ownerId === null && !property.forSale) {
        takenBuildings.add(building.buildingId);
        return { building, property };
      }
    }
  }
  throw new Error("no unowned building found");
}

/** The signed-in player buys an unowned building through the API with the 4242 card. */
async function buyBuilding(page: Page, request: APIRequestContext) {
  const tokenised = await request.post("/api/v1/sandbox/tokens", {
    data: {
      number: "4242424242424242",
      expMonth: 12,
      expYear: EXPIRY_YEAR,
      cvc: "123",
      name: "Ada Lovelace",
    },
  });
  expect(tokenised.ok(), `sandbox token answered ${tokenised.status()}`).toBe(true);
  const { data: token } = (await tokenised.json()) as {
    data: { id: string; card: { brand: string; last4: string } };
  };
  const saved = await request.post("/api/v1/users/create/payment/method", {
    headers: await authHeaders(page),
    data: { token: token.id, last4: token.card.last4, brand: token.card.brand, isDefault: true },
  });
  expect(saved.ok(), `create payment method answered ${saved.status()}`).toBe(true);

  const { building, property } = await findUnownedBuilding(page, request);
  const bought = await request.post("/api/v1/properties/buy", {
    headers: await authHeaders(page),
    data: { buildingId: building.buildingId, bidAmount: property.basePrice },
  });
  expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
  return { building, property: await readProperty(page, request, building.buildingId) };
}

function detailsUrl(building: SearchResult): string {
  const query = new URLSearchParams({
    id: building.buildingId,
    name: building.name,
    price: "0",
    lat: String(building.lat),
    lng: String(building.lng),
  });
  return `/Property-Details?${query}`;
}

/** Every window.alert the page shows, accepted as a player would. */
function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** Property Details → 'Sell or Ask' → the asking price → Sell Review. */
async function askFor(page: Page, building: SearchResult, price: number): Promise<void> {
  await page.goto(detailsUrl(building));
  await page.getByRole("button", { name: "Sell or Ask" }).click();
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
  // Not for sale yet: nothing to cancel.
  await expect(page.getByRole("button", { name: "Cancel Sale" })).toBeDisabled();

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
  await expect(page).toHaveURL(/\/assets\?status=1$/);

  // Back to the building and ask again: this time the ask is placed.
  await askFor(page, building, ask);
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

  // Back on Property Details: for sale at the asking price, and the owner may still re-price.
  await expect(page).toHaveURL(/\/Property-Details\?/);
  await expect(page.getByText("For sale", { exact: true })).toBeVisible();
  await expect(page.getByText(dollars(ask), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sell or Ask" })).toBeVisible();
  expect((await readProperty(page, request, building.buildingId)).forSale).toBe(true);
});

test("An owner cancels the sale", async ({ page, request, signUp }) => {
  await signUp(newUser("canceller"));
  const alerts = collectAlerts(page);
  const { building, property } = await buyBuilding(page, request);
  const ask = Math.round(property.price * 100 + 10_000) / 100;

  // Onboard and list through the API: this story is about cancelling.
  const onboarding = await request.get("/api/v1/users/stripe/onboarding", {
    headers: await authHeaders(page),
  });
  expect(onboarding.ok(), `onboarding answered ${onboarding.status()}`).toBe(true);
  const { data: status } = (await onboarding.json()) as { data: { redirectLink: string | null } };
  if (status.redirectLink) {
    await page.goto(status.redirectLink);
    await page.locator("form").getByRole("button").first().click();
    await expect(page).toHaveURL(/\/assets\?status=1$/);
  }
  const listed = await request.post("/api/v1/properties/place-ask", {
    headers: await authHeaders(page),
    data: { propertyId: property._id, bidAmount: ask },
  });
  expect(listed.ok(), `place-ask answered ${listed.status()} ${await listed.text()}`).toBe(true);

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
