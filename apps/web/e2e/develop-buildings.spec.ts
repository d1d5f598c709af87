import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { expect, fillLogin, MAP_URL, test } from "./support/fixtures";
import { zoomOutToIsland } from "./support/map";
import {
  addTestCard,
  authHeaders,
  buyBuilding,
  collectAlerts,
  dollars,
  type PropertyState,
  readProperty,
  type SearchResult,
} from "./support/market";
import { screenshotsTo } from "./support/shots";
import { newUser } from "./support/users";

/*
 * The server runs with DEVELOPMENT_TIME_SCALE (playwright.config.ts), so the four constructions take 3 s, 18 s,
 * 36 s and 72 s instead of 1, 6, 12 and 24 hours. Screenshots go to DEVELOP_SHOTS_DIR when it is set.
 */
const SHOTS = process.env.DEVELOP_SHOTS_DIR;
const shootPage = screenshotsTo("DEVELOP_SHOTS_DIR");

async function mapShot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function waitForMap(page: Page) {
  // Drawing 3D buildings in software (no GPU in CI) takes a while, the more so with two maps open at once.
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 180_000 });
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The viewer's map flies to the building through the search box and shows its card. */
async function showOnMap(page: Page, building: SearchResult): Promise<Locator> {
  const search = page.getByRole("combobox", { name: "Search buildings" });
  await search.fill(building.name);
  await page
    .getByRole("option", { name: new RegExp(literally(building.name)) })
    .first()
    .click();
  const card = page.locator(`[data-selected-building="${building.buildingId}"]`);
  await expect(card).toBeVisible();
  const map = page.locator('[data-map-ready="true"]');
  // The map makes sure the building is the one seen at its place (looking straight down if it must).
  await expect(map).toHaveAttribute("data-selected-in-front", "true", { timeout: 90_000 });
  // Then, as a keyboard player would: tilted (Shift+Up) so that walls show as well as roofs, and turned
  // (Shift+Right) until no other building stands in front of it.
  const canvas = page.locator(".maplibregl-canvas");
  await canvas.focus();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press("Shift+ArrowUp");
    await page.waitForTimeout(300);
  }
  for (let turn = 0; turn < 24; turn += 1) {
    await page.waitForTimeout(1200);
    if ((await map.getAttribute("data-selected-in-front")) === "true") break;
    await page.keyboard.press("Shift+ArrowRight");
  }
  await canvas.blur();
  return card;
}

/** Once the map has settled: the next frame drawn is the one the screenshot keeps. */
async function settled(page: Page) {
  await page.waitForTimeout(600);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/**
 * In the island view (blocks instead of buildings), the selected building's mark: a dot numbered with its level,
 * and a hatched square while works run; none before its first development.
 */
async function expectIslandMark(page: Page, level: number, constructing: boolean) {
  const map = page.locator('[data-map-ready="true"]');
  if (level === 0 && !constructing) {
    await expect(map).not.toHaveAttribute("data-selected-site-level", /./, { timeout: 30_000 });
    return;
  }
  await expect(map).toHaveAttribute("data-selected-site-level", String(level), { timeout: 30_000 });
  await expect(map).toHaveAttribute("data-selected-site-constructing", String(constructing), {
    timeout: 30_000,
  });
  if (level > 0) expect(Number(await map.getAttribute("data-development-sites"))).toBeGreaterThan(0);
  if (constructing) expect(Number(await map.getAttribute("data-construction-sites"))).toBeGreaterThan(0);
}

/**
 * Zooms the viewer's map out to the whole island, checks the building's mark there, takes a screenshot, and flies
 * back to the building.
 */
async function islandShot(
  page: Page,
  building: SearchResult,
  name: string,
  mark: { level: number; constructing: boolean },
  flyBack = true,
) {
  await zoomOutToIsland(page);
  await expectIslandMark(page, mark.level, mark.constructing);
  await settled(page);
  await mapShot(page, name);
  if (flyBack) await showOnMap(page, building);
}

/**
 * An unowned building of middling height (so the roof garden and the crown show at the building's zoom), bought
 * by the signed-in player through the API with the 4242 card.
 */
async function buyMidRiseBuilding(page: Page, request: APIRequestContext) {
  await addTestCard(page, request);
  for (const q of ["Avenue", "Street", "West", "East", "Broadway"]) {
    const response = await request.get(`/api/v1/buildings/search?q=${encodeURIComponent(q)}&limit=20`);
    const { data } = (await response.json()) as { data: { results: SearchResult[] } };
    for (const building of data.results) {
      const property = (await readProperty(page, request, building.buildingId)) as PropertyState & {
        height: number | null;
      };
      const height = property.height ?? 0;
      if (property.ownerId !== null || property.forSale || height < 30 || height > 120) continue;
      // The map's search must find it first by its own name.
      const [first] = (
        (await (
          await request.get(`/api/v1/buildings/search?q=${encodeURIComponent(building.name)}&limit=1`)
        ).json()) as { data: { results: SearchResult[] } }
      ).data.results;
      if (first?.buildingId !== building.buildingId) continue;
      const bought = await request.post("/api/v1/properties/buy", {
        headers: await authHeaders(page),
        data: { buildingId: building.buildingId, bidAmount: property.basePrice },
      });
      if (!bought.ok()) continue;
      return { building, property: await readProperty(page, request, building.buildingId) };
    }
  }
  throw new Error("no unowned building of middling height found");
}

/** axe-core over the page as it stands: no serious or critical finding. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

async function developThroughApi(page: Page, request: APIRequestContext, propertyId: string, kind: string) {
  const developed = await request.post("/api/v1/properties/develop", {
    headers: await authHeaders(page),
    data: { propertyId, kind },
  });
  expect(developed.ok(), `develop answered ${developed.status()} ${await developed.text()}`).toBe(true);
}

test.describe("Developing a building", () => {
  // Four constructions (about two minutes in all, shortened) watched on a map drawn in software.
  test.describe.configure({ timeout: 900_000 });
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("An owner develops a building level by level, and another player watches it rise on the map without reloading", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const owner = newUser("developer");
    const viewer = newUser("neighbour");
    await Promise.all([createAccount(request, owner), createAccount(request, viewer)]);

    // The owner (1440 px), in a colour of their own, owns a building.
    await fillLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(MAP_URL);
    const colour = "#2f7dff";
    const recoloured = await request.put("/api/v1/users/", {
      headers: await authHeaders(page),
      data: { buildingColor: colour },
    });
    expect(recoloured.ok()).toBe(true);
    const { building, property } = await buyMidRiseBuilding(page, request);
    const alerts = collectAlerts(page);

    // Another player (375 px) finds it on the map.
    const other = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
    });
    await other.addInitScript(() => localStorage.setItem("mx.mapGuideSeen", "1"));
    const map = await other.newPage();
    await fillLogin(map, viewer.email, viewer.password);
    await expect(map).toHaveURL(MAP_URL);
    await waitForMap(map);
    await expect(map.locator("html")).toHaveAttribute("data-live", "open");
    const card = await showOnMap(map, building);
    await expect(card).toHaveAttribute("data-owner-color", colour);
    await expect(card).toHaveAttribute("data-development-level", "0");
    await settled(map);
    await mapShot(map, "level-0-building");
    await islandShot(map, building, "level-0-island-375", { level: 0, constructing: false });

    // The owner opens Property Details: not developed yet, and the facade renovation is offered with its price.
    await page.goto(
      `/Property-Details?id=${encodeURIComponent(building.buildingId)}&name=${encodeURIComponent(property.name)}&price=${property.price}&lat=${building.lat}&lng=${building.lng}`,
    );
    const develop = page.getByRole("region", { name: "Development" });
    await expect(develop).toContainText("Not developed yet");
    await expect(develop.getByRole("heading", { name: "Next: Facade renovation" })).toBeVisible();
    const facadeCost = Math.max(500, Math.round(property.price * 10));
    const facadeTotal = (facadeCost + 600 + 299) / 100;
    await expect(develop.getByRole("definition")).toHaveText([
      dollars(facadeCost / 100),
      "$2.99",
      "$6.00",
      "3 seconds",
      dollars(facadeTotal),
    ]);
    await expectAccessible(page, "Property Details with the next development");
    await shootPage(page, "details-level-0");

    // Develop → review → confirm (all sales final) → paid: construction starts.
    await develop.getByRole("button", { name: "Develop: Facade renovation" }).click();
    await expect(page).toHaveURL(/\/develop-review$/);
    await expect(page.getByRole("heading", { level: 1, name: "Development Review" })).toBeVisible();
    await expect(page.getByText("Facade renovation · Level 1 of 4")).toBeVisible();
    await expectAccessible(page, "Development Review");
    await shootPage(page, "develop-review");
    await page.getByRole("button", { name: "Continue to Pay" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
    await expect(confirm).toContainText(`You are developing Facade renovation of ${property.name}.`);
    await expect(confirm).toContainText("All sales are final");
    await expect(confirm).toContainText("cannot be cancelled or refunded");
    await confirm.getByRole("button", { name: `Pay ${dollars(facadeTotal)}` }).click();
    await expect.poll(() => alerts.length, { timeout: 15_000 }).toBe(1);
    expect(alerts[0]).toContain("Facade renovation");
    await expect(page).toHaveURL(/\/Property-Details\?/);

    // Three seconds later the facade is finished, and the other player's map shows it without a reload.
    await expect(develop).toContainText("Level 1 of 4", { timeout: 30_000 });
    await expect(card).toHaveAttribute("data-development-level", "1", { timeout: 30_000 });
    await expect(card).toHaveAttribute("data-constructing", "false");
    await settled(map);
    await mapShot(map, "level-1-building");

    // The rooftop garden, paid the same way: scaffolding and a countdown while it is built.
    await develop.getByRole("button", { name: "Develop: Rooftop garden" }).click();
    await expect(page).toHaveURL(/\/develop-review$/);
    await page.getByRole("button", { name: "Continue to Pay" }).click();
    await page
      .getByRole("dialog", { name: "Confirm Purchase" })
      .getByRole("button", { name: /^Pay / })
      .click();
    await expect.poll(() => alerts.length, { timeout: 15_000 }).toBe(2);
    await expect(page).toHaveURL(/\/Property-Details\?/);
    await expect(develop).toContainText("Scaffolding is up: Rooftop garden is being built.");
    await expect(develop.locator(".develop-works__time")).toHaveText(/^0:1\d$|^0:0\d$/);
    await expect(develop.getByRole("status")).toContainText("Rooftop garden:");
    // The next one waits: only one development is built at a time.
    await expect(develop.getByRole("button", { name: "Develop: Crown lighting" })).toBeDisabled();
    await shootPage(page, "details-building-garden");
    await expect(card).toHaveAttribute("data-constructing", "true", { timeout: 5_000 });
    await expect(card).toContainText("Under construction");
    await settled(map);
    await mapShot(map, "level-2-during-building");
    // The garden takes 18 s: the island view is only photographed on the way, its mark checked during added floors.
    if (SHOTS) {
      await zoomOutToIsland(map);
      await settled(map);
      await mapShot(map, "level-2-during-island-375");
      await showOnMap(map, building);
    }

    await expect(develop).toContainText("Level 2 of 4", { timeout: 60_000 });
    await expect(develop).not.toContainText("Scaffolding is up");
    await expect(card).toHaveAttribute("data-development-level", "2", { timeout: 30_000 });
    await expect(card).toHaveAttribute("data-constructing", "false");
    await settled(map);
    await mapShot(map, "level-2-building");

    // The owner also watches the whole island on a wide screen, in a tab of its own, the building selected.
    await page.evaluate(() => localStorage.setItem("mx.mapGuideSeen", "1"));
    const wide = await page.context().newPage();
    // This tab asks for reduced motion, as a player may: its zooms jump rather than glide, so that three maps drawn
    // in software at once still keep up on a slow machine.
    await wide.emulateMedia({ reducedMotion: "reduce" });
    await wide.goto(`/map?building=${encodeURIComponent(building.buildingId)}`);
    await waitForMap(wide);
    await expect(wide.locator(`[data-selected-building="${building.buildingId}"]`)).toBeVisible({
      timeout: 90_000,
    });
    await zoomOutToIsland(wide);
    await expectIslandMark(wide, 2, false);
    await settled(wide);
    await mapShot(wide, "level-2-island-1440");

    // Crown lighting and added floors, paid through the API; the owner keeps Property Details open.
    for (const [kind, level] of [
      ["crown", 3],
      ["floors", 4],
    ] as const) {
      await developThroughApi(page, request, property._id, kind);
      await expect(card).toHaveAttribute("data-constructing", "true", { timeout: 10_000 });
      await expect(develop).toContainText("Scaffolding is up", { timeout: 10_000 });
      await settled(map);
      await mapShot(map, `level-${level}-during-building`);
      if (level === 4) {
        // 72 s of works: seen from afar on both screens, a hatched square round the level-3 dot.
        await expectIslandMark(wide, 3, true);
        await settled(wide);
        await mapShot(wide, "level-4-during-island-1440");
        await islandShot(map, building, "level-4-during-island-375", { level: 3, constructing: true });
      }
      await expect(card).toHaveAttribute("data-development-level", String(level), { timeout: 120_000 });
      await expect(card).toHaveAttribute("data-constructing", "false");
      await settled(map);
      await mapShot(map, `level-${level}-building`);
    }
    await expect(develop).toContainText("Level 4 of 4");
    await expect(develop).toContainText("Fully developed");
    await shootPage(page, "details-level-4");
    // Finished: the square is gone, the dot says 4, on both screens without a reload.
    await expectIslandMark(wide, 4, false);
    await settled(wide);
    await mapShot(wide, "level-4-island-1440");
    await islandShot(map, building, "level-4-island-375", { level: 4, constructing: false }, false);
    await wide.close();

    // The price rose by the four costs (fee and tax excluded).
    const details = await request.get(
      `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(building.buildingId)}`,
      { headers: await authHeaders(page) },
    );
    const { data } = (await details.json()) as {
      data: { propertyDetails: { price: number; development: { level: number } }[] };
    };
    expect(data.propertyDetails[0]?.development.level).toBe(4);
    expect(data.propertyDetails[0]?.price).toBeGreaterThan(property.price);
    await other.close();
  });

  test("Another player sees the level and the countdown on Property Details, but no way to develop", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const owner = newUser("builder");
    const visitor = newUser("visitor");
    await Promise.all([createAccount(request, owner), createAccount(request, visitor)]);
    await fillLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(MAP_URL);
    const { building, property } = await buyBuilding(page, request);
    await developThroughApi(page, request, property._id, "facade");

    const other = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
    });
    const visitorPage = await other.newPage();
    await fillLogin(visitorPage, visitor.email, visitor.password);
    await expect(visitorPage).toHaveURL(MAP_URL);
    await visitorPage.goto(
      `/Property-Details?id=${encodeURIComponent(building.buildingId)}&name=${encodeURIComponent(property.name)}&price=0&lat=0&lng=0`,
    );
    const develop = visitorPage.getByRole("region", { name: "Development" });
    await expect(develop).toContainText("Level 1 of 4", { timeout: 30_000 });
    await expect(develop.getByRole("button")).toHaveCount(0);
    // The garden goes up while the visitor looks: the countdown appears without a reload, then the new level.
    await developThroughApi(page, request, property._id, "garden");
    await expect(develop).toContainText("Scaffolding is up: Rooftop garden is being built.", {
      timeout: 10_000,
    });
    await expect(develop.locator(".develop-works__time")).toBeVisible();
    await expect(develop.getByRole("button")).toHaveCount(0);
    await expectAccessible(visitorPage, "Property Details under construction");
    await shootPage(visitorPage, "details-visitor-during");
    await expect(develop).toContainText("Level 2 of 4", { timeout: 60_000 });
    await other.close();
  });
});
