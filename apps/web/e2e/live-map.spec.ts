import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  findUnownedBuilding,
  onboardPayouts,
  placeAsk,
  readProperty,
} from "./support/market";
import { newUser } from "./support/users";

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function waitForMap(page: Page) {
  // Drawing 3D buildings in software (no GPU in CI) takes a few seconds.
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 45_000 });
}

/** Connects the signed-in player's payouts (sandbox onboarding page) and asks `ask` dollars for the property. */
async function listForSale(page: Page, request: APIRequestContext, propertyId: string, ask: number) {
  await onboardPayouts(page, request);
  await placeAsk(page, request, propertyId, ask);
}

test("Two players: B buys a building and A's map shows B's colour at once; B bids on A's building and A is told", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = newUser("seller");
  const buyer = { ...newUser("buyer"), fullName: "Grace Hopper" };
  await Promise.all([createAccount(request, seller), createAccount(request, buyer)]);

  // A (the seller): owns a building and has it on the market, then watches the map.
  await fillLogin(page, seller.email, seller.password);
  await expect(page).toHaveURL(MAP_URL);
  const owned = await buyBuilding(page, request);
  const ask = Math.round(owned.property.price * 100 + 5_000) / 100;
  await listForSale(page, request, owned.property._id, ask);
  await page.goto("/map");
  await waitForMap(page);
  const bell = page.locator(".mx-map__header").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");

  // B, in a browser of their own, with a colour and a card.
  const other = await browser.newContext({ baseURL });
  const pageB = await other.newPage();
  await fillLogin(pageB, buyer.email, buyer.password);
  await expect(pageB).toHaveURL(MAP_URL);
  const colour = "#19c37d";
  const recoloured = await request.put("/api/v1/users/", {
    headers: await authHeaders(pageB),
    data: { buildingColor: colour },
  });
  expect(recoloured.ok()).toBe(true);
  await addTestCard(pageB, request);

  // A looks at a building nobody owns.
  const { building, property } = await findUnownedBuilding(page, request);
  const search = page.getByRole("combobox", { name: "Search buildings" });
  await search.fill(building.name);
  await page
    .getByRole("option", { name: new RegExp(building.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  const card = page.locator(`[data-selected-building="${building.buildingId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-owner-color", "");

  // B buys it; A's map shows it in B's colour within 2 seconds, without a reload.
  const bought = await request.post("/api/v1/properties/buy", {
    headers: await authHeaders(pageB),
    data: { buildingId: building.buildingId, bidAmount: property.basePrice },
  });
  expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
  const sold = Date.now();
  await expect(card).toHaveAttribute("data-owner-color", colour, { timeout: 2_000 });
  const recolourMs = Date.now() - sold;
  await expect(card).toContainText(buyer.userName);
  await shot(page, "a-map-after-b-bought");
  test
    .info()
    .annotations.push({ type: "recolour", description: `${recolourMs} ms after the purchase answered` });

  // B bids on A's building: A's bell rings within 2 seconds.
  const bid = await request.post("/api/v1/properties/submit-bid", {
    headers: await authHeaders(pageB),
    data: { propertyId: owned.property._id, bidAmount: ask + 1, isApplePay: false },
  });
  expect(bid.ok(), `submit-bid answered ${bid.status()} ${await bid.text()}`).toBe(true);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 2_000 });
  await expect(page.getByRole("status").filter({ hasText: "New notification: Bid received" })).toBeAttached();
  await shot(page, "a-bell-unread");

  // The feed names the bidder and the building; "Mark all read" clears the count.
  await bell.click();
  const feed = page.getByRole("dialog", { name: "Notifications" });
  await expect(feed.getByRole("link", { name: /Bid received/ })).toContainText(
    `Grace Hopper bid $${(ask + 1).toLocaleString("en-US", { minimumFractionDigits: 2 })} on ${owned.property.name}.`,
  );
  // It opens the seller's side of My Bids on that very bid.
  await expect(feed.getByRole("link", { name: /Bid received/ })).toHaveAttribute(
    "href",
    /^\/bids\?tab=sell&bid=[0-9a-f-]{36}$/,
  );
  await shot(page, "a-feed-open");
  await feed.getByRole("button", { name: "Mark all read" }).click();
  await expect(feed.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await feed.getByRole("button", { name: "Close" }).click();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(bell).toBeFocused();

  // The building really is B's now.
  expect((await readProperty(page, request, building.buildingId)).ownerId).not.toBeNull();
  await other.close();
});

test("The Profile page has the bell, and the feed says when there is nothing yet", async ({
  page,
  logIn,
  existingPlayer,
}) => {
  await logIn(existingPlayer);
  await page.goto("/profile");
  const bell = page.getByRole("button", { name: "Notifications, none unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  const feed = page.getByRole("dialog", { name: "Notifications" });
  await expect(feed).toContainText("No notifications yet");
  await expect(feed.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(feed).toBeHidden();
});

test("The app installs: manifest, icons, a service worker, and an offline page", async ({
  page,
  request,
  context,
  logIn,
  existingPlayer,
}) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as {
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body.display).toBe("standalone");
  expect(body.theme_color).toBe("#0b0f17");
  expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );
  for (const icon of body.icons)
    expect((await request.get(icon.src)).headers()["content-type"]).toBe("image/png");
  const sw = await request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(await sw.text()).toMatch(/const VERSION = "[0-9a-f]{16}"/);

  await logIn(existingPlayer);
  await page.goto("/profile");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  // The worker installs (precaching the static files) and takes over the page.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: 15_000,
    })
    .toBe("activated");

  await context.setOffline(true);
  await page.goto("/Leader-board").catch(() => {});
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await shot(page, "offline");
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeHidden();
});
