import type { APIRequestContext, Dialog, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A card that has not expired: December, three years from now. */
export const EXPIRY_YEAR = new Date().getFullYear() + 3;

export interface SearchResult {
  buildingId: string;
  name: string;
  lat: number;
  lng: number;
}

export interface PropertyState {
  _id: string;
  name: string;
  ownerId: string | null;
  forSale: boolean;
  basePrice: number;
  price: number;
  status: string;
}

export const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error("the player is not signed in");
  return token;
}

export async function authHeaders(page: Page) {
  return { Authorization: `Bearer ${await tokenOf(page)}` };
}

export async function readProperty(
  page: Page,
  request: APIRequestContext,
  buildingId: string,
): Promise<PropertyState> {
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

/** Buildings handed out in this run, so two tests never pick the same one. */
const takenBuildings = new Set<string>();

/** A building nobody owns and that is not for sale: the first of a street search the server reports "available". */
export async function findUnownedBuilding(page: Page, request: APIRequestContext) {
  for (const q of ["Street", "Avenue", "West", "East"]) {
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

/** Tokenises the 4242 card with the sandbox and makes it the signed-in player's default card. */
export async function addTestCard(page: Page, request: APIRequestContext): Promise<void> {
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
}

/** The signed-in player buys an unowned building through the API with the 4242 card. */
export async function buyBuilding(page: Page, request: APIRequestContext) {
  await addTestCard(page, request);
  // A building another story left waiting for its payment (held for minutes) answers 409: take the next one.
  for (let attempt = 1; ; attempt += 1) {
    const { building, property } = await findUnownedBuilding(page, request);
    const bought = await request.post("/api/v1/properties/buy", {
      headers: await authHeaders(page),
      data: { buildingId: building.buildingId, bidAmount: property.basePrice },
    });
    if (bought.status() === 409 && attempt < 3) continue;
    expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
    return { building, property: await readProperty(page, request, building.buildingId) };
  }
}

export function detailsUrl(building: SearchResult): string {
  const query = new URLSearchParams({
    id: building.buildingId,
    name: building.name,
    price: "0",
    lat: String(building.lat),
    lng: String(building.lng),
  });
  return `/Property-Details?${query}`;
}

/** Property Details → 'Buy or Bid' → the base price → Order Review. */
export async function offerBasePrice(page: Page, building: SearchResult, basePrice: number): Promise<void> {
  await page.goto(detailsUrl(building));
  const buy = page.getByRole("button", { name: "Buy or Bid" });
  await buy.click();
  const priceDialog = page.getByRole("dialog", { name: "Building Price" });
  await priceDialog
    .getByLabel("Please enter the price you want to pay for this building")
    .fill(basePrice.toFixed(2));
  await priceDialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/order-review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Review" })).toBeVisible();
}

/** Property Details → 'Create a bid' → 'Bid price' → Bid Review. */
export async function openBidReview(page: Page, building: SearchResult, amount: number): Promise<void> {
  await page.goto(detailsUrl(building));
  await page.getByRole("button", { name: "Create a bid" }).click();
  const dialog = page.getByRole("dialog", { name: "Bid price" });
  await dialog.getByRole("spinbutton").fill(amount.toFixed(2));
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/bid-review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bid Review" })).toBeVisible();
}

/**
 * Every in-app alert the page shows (an `alertdialog`), read and dismissed with OK as a player would, in order.
 * A browser `alert()` would be a regression: it is recorded too, marked, so the test's expectation fails.
 */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog: Dialog) => {
    messages.push(`window.${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  const alert = page.getByRole("alertdialog");
  void (async () => {
    while (!page.isClosed()) {
      try {
        await alert.waitFor({ state: "visible", timeout: 0 });
        const message = (await alert.locator(".dialog__text").textContent()) ?? "";
        await alert.getByRole("button", { name: "OK" }).click();
        await alert.waitFor({ state: "hidden", timeout: 0 });
        messages.push(message);
      } catch {
        // The page closed or navigated away mid-read; a dialog still open is read on the next turn.
      }
    }
  })();
  return messages;
}

/** Finishes the sandbox's payout onboarding for the signed-in player: the onboarding page's form, then back. */
export async function onboardPayouts(page: Page, request: APIRequestContext): Promise<void> {
  const onboarding = await request.get("/api/v1/users/stripe/onboarding", {
    headers: await authHeaders(page),
  });
  expect(onboarding.ok(), `onboarding answered ${onboarding.status()}`).toBe(true);
  const { data } = (await onboarding.json()) as { data: { redirectLink: string | null } };
  if (data.redirectLink) {
    await page.goto(data.redirectLink);
    await page.locator("form").getByRole("button").first().click();
    await expect(page).toHaveURL(/\/assets\?status=1$/);
  }
}

/** Puts the signed-in player's property up for sale at `ask` dollars, through the API. */
export async function placeAsk(page: Page, request: APIRequestContext, propertyId: string, ask: number) {
  const listed = await request.post("/api/v1/properties/place-ask", {
    headers: await authHeaders(page),
    data: { propertyId, bidAmount: ask },
  });
  expect(listed.ok(), `place-ask answered ${listed.status()} ${await listed.text()}`).toBe(true);
}
