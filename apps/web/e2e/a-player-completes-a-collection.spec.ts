import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { findFreeBlock } from "./support/collections";
import { expect, test } from "./support/fixtures";
import { addTestCard, authHeaders, readProperty } from "./support/market";
import { screenshotsTo } from "./support/shots";

const shoot = screenshotsTo("COLLECTION_SHOTS_DIR");
const folder = process.env.COLLECTION_SHOTS_DIR;

/** What the screen shows (not the whole page: the list is long), at 1440 and 375 px wide. */
async function viewportShots(page: Page, name: string, settle = 0) {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const size of [
    { width: 1440, height: 1000 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    if (settle) await page.waitForTimeout(settle);
    await page.screenshot({ path: `${folder}/${name}-${size.width}.png` });
  }
  if (before) await page.setViewportSize(before);
}

test("A player buys every building of a small block, holds the collection, and sees it on the map", async ({
  page,
  request,
  logIn,
  existingPlayer,
}) => {
  test.setTimeout(300_000);
  await logIn(existingPlayer);
  const headers = await authHeaders(page);

  // The easiest block nobody has begun: three buildings, all of them unowned.
  const set = await findFreeBlock(request);

  // Buy all three with the 4242 card, at their base prices.
  await addTestCard(page, request);
  for (const member of set.members) {
    const property = await readProperty(page, request, member.buildingId);
    const bought = await request.post("/api/v1/properties/buy", {
      headers,
      data: { buildingId: member.buildingId, bidAmount: property.basePrice },
    });
    expect(bought.ok(), `buy answered ${bought.status()} ${await bought.text()}`).toBe(true);
  }

  // The feed says the collection is theirs.
  const feed = await request.get("/api/v1/users/activities?limit=20&offset=0", { headers });
  const activities = (
    (await feed.json()) as { data: { activities: { type: string; payload: { collectionId?: string } }[] } }
  ).data.activities;
  expect(activities.some((a) => a.type === "collection.completed" && a.payload.collectionId === set.id)).toBe(
    true,
  );

  // Profile links to the collections; the list shows the block held by the player, 3 of 3.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Collections" }).click();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await page.getByRole("button", { name: "Blocks" }).click();
  await expect(page.getByRole("button", { name: "Blocks" })).toHaveAttribute("aria-pressed", "true");
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: set.name, exact: true }) });
  await expect(row).toContainText(`Held by ${existingPlayer.userName}`);
  await expect(row).toContainText("3 of 3");
  await expect(page.getByRole("region", { name: "Collectors" })).toContainText(existingPlayer.userName);
  await viewportShots(page, "collections-list");
  await row.scrollIntoViewIfNeeded();
  await viewportShots(page, "collections-list-held-row");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the list fits the page").toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);

  // The collection's page: the holder, and each building linking to its details.
  await row.getByRole("link", { name: set.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${set.id}$`));
  await expect(page.getByText("You hold this collection")).toBeVisible();
  // Neighbours on a block can share a name: each building is found by the link to its own details.
  const links = page.locator(".collection-member__name");
  await expect(links).toHaveCount(set.members.length);
  for (const member of set.members) {
    await expect(
      page.locator(`a[href^="/Property-Details?id=${encodeURIComponent(member.buildingId)}&"]`),
    ).toHaveText(member.name);
  }
  await shoot(page, "collection-page");
  await links.first().click();
  await expect(page).toHaveURL(/\/Property-Details\?/);

  // The map rings the held block's buildings in the holder's colour.
  await page.evaluate(() => localStorage.setItem("mx.mapGuideSeen", "1"));
  await page.goto(`/map?building=${encodeURIComponent(set.members[0]?.buildingId ?? "")}`);
  const map = page.locator('[data-map-ready="true"]');
  await expect(map).toBeVisible({ timeout: 180_000 });
  await expect(map).toHaveAttribute("data-collection-marks", /^[1-9]\d*$/, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  await viewportShots(page, "collection-map-mark", 2500);
});
