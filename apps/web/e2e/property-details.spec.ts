import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The three action buttons of Property Details; at most one shows. */
const ACTION_BUTTON = /^(Create a bid|Sell or Ask|Buy or Bid)$/;

interface SearchResult {
  buildingId: string;
  name: string;
  lat: number;
  lng: number;
}

interface PropertyState {
  ownerId: string | null;
  ownerName: string | null;
  forSale: boolean;
  price: number;
  basePrice: number;
}

async function searchBuildings(request: APIRequestContext, q: string): Promise<SearchResult[]> {
  const response = await request.get(`/api/v1/buildings/search?q=${encodeURIComponent(q)}`);
  expect(response.ok(), `building search answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data: { results: SearchResult[] } };
  return body.data.results;
}

/** The property as the server sees it, asked with the signed-in player's token. */
async function readProperty(page: Page, request: APIRequestContext, buildingId: string) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await request.get(
    `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(buildingId)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(response.ok(), `property details answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data: { propertyDetails: PropertyState[] } };
  const property = body.data.propertyDetails[0];
  if (!property) throw new Error(`no property for ${buildingId}`);
  return property;
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

test("A player opens the Empire State Building's details and sees its price history chart", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  const [building] = (await searchBuildings(request, "Empire State Building")).filter(
    (result) => result.name === "Empire State Building",
  );
  if (!building) throw new Error("the Empire State Building is not in the catalogue");
  await logIn(existingPlayer);
  const property = await readProperty(page, request, building.buildingId);

  await page.goto(detailsUrl(building));
  await expect(page).toHaveTitle(/Empire State Building/);
  await expect(page.getByRole("heading", { level: 1, name: "Empire State Building" })).toBeVisible();
  await expect(page.getByText(String(building.lat.toFixed(4)), { exact: false })).toBeVisible();

  // The demo world gives it an owner and a history.
  expect(property.ownerId).not.toBeNull();
  await expect(page.getByText(property.ownerName ?? "", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "Price history" });
  await expect(history.locator("svg.recharts-surface")).toBeVisible();
  await expect(history.locator(".recharts-area-area")).toBeVisible();
  await expect(
    page.getByText(/since its first recorded price, \$[\d,]+\.\d{2} on [A-Z][a-z]{2} \d{1,2}$/),
  ).toBeVisible();

  // Someone else's building: 'Create a bid' while it is for sale, otherwise no action at all.
  const actions = page.getByRole("button", { name: ACTION_BUTTON });
  if (property.forSale) {
    await expect(actions).toHaveCount(1);
    await expect(actions).toHaveText("Create a bid");
  } else {
    await expect(actions).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: "Edit building name" })).toHaveCount(0);
});

test("A player sees 'Buy or Bid' on an unowned building and gets 'Please enter a valid price' for 0", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  let unowned: { building: SearchResult; property: PropertyState } | undefined;
  // The first words that find an unowned building: the best-known ones may be owned by now.
  search: for (const words of ["Avenue", "Tenth Avenue", "W 125th St", "Amsterdam Ave", "Broadway"]) {
    for (const building of await searchBuildings(request, words)) {
      const property = await readProperty(page, request, building.buildingId);
      if (property.ownerId === null && !property.forSale) {
        unowned = { building, property };
        break search;
      }
    }
  }
  if (!unowned) throw new Error("no unowned building found");

  await page.goto(detailsUrl(unowned.building));
  await expect(page.getByText("Unowned", { exact: true })).toBeVisible();
  const actions = page.getByRole("button", { name: ACTION_BUTTON });
  await expect(actions).toHaveCount(1);
  await expect(actions).toHaveText("Buy or Bid");

  await actions.click();
  const dialog = page.getByRole("dialog", { name: "Building Price" });
  await expect(dialog).toBeVisible();
  const price = dialog.getByLabel("Please enter the price you want to pay for this building");
  await expect(price).toBeFocused();

  await price.fill("0");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid price");

  // A real offer still has to reach the base price.
  const basePrice = unowned.property.basePrice;
  if (basePrice > 0.01) {
    await price.fill(String(Math.floor(basePrice * 50) / 100));
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("alert")).toContainText("at least the base price");
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
});
