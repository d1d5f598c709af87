import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { zoomOutToIsland } from "./support/map";

/*
 * Screenshots go to MAP_SHOTS_DIR when it is set (e.g. MAP_SHOTS_DIR=/tmp/shots); CI takes none.
 */
async function shot(page: Page, name: string) {
  const folder = process.env.MAP_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

async function waitForMap(page: Page) {
  // Drawing 3D buildings in software (no GPU in CI) takes a while on a busy machine.
  await expect(page.locator('[data-map-ready="true"]')).toBeVisible({ timeout: 400_000 });
}

/**
 * In a screenshot of the map, how many pixels lie between the farthest row of land (ground or streets) and the
 * farthest row of buildings or blocks: a row counts when at least a third of its pixels, outside the panels drawn
 * over the map, are of that kind. Building walls and blocks are a light bluish grey; the ground is near black.
 */
async function bareLandBeforeHorizon(page: Page): Promise<number> {
  const canvas = await page.locator(".maplibregl-canvas").boundingBox();
  if (!canvas) throw new Error("the map is not on the screen");
  const panels = [];
  for (const panel of await page.locator(".mx-legend, .mx-guide, .maplibregl-ctrl-top-right").all()) {
    const box = await panel.boundingBox();
    if (box) panels.push({ ...box, x: box.x - canvas.x, y: box.y - canvas.y });
  }
  const png = (await page.screenshot({ clip: canvas })).toString("base64");
  // Read in a blank page of its own: the app's content security policy keeps data: URLs out of fetch.
  const blank = await page.context().newPage();
  const gap = await blank.evaluate(
    async ({ png, panels, cssWidth }) => {
      const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const scale = image.width / cssWidth;
      const context = new OffscreenCanvas(image.width, image.height).getContext("2d");
      if (!context) throw new Error("no 2D context");
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
      const covered = (x: number, y: number) =>
        panels.some(
          (p) =>
            x >= p.x * scale &&
            x <= (p.x + p.width) * scale &&
            y >= p.y * scale &&
            y <= (p.y + p.height) * scale,
        );
      let landTop = -1;
      let cityTop = -1;
      for (let y = 0; y < height / 2 && cityTop < 0; y += 1) {
        let [seen, land, city] = [0, 0, 0];
        for (let x = 0; x < width; x += 2) {
          if (covered(x, y)) continue;
          const i = (y * width + x) * 4;
          const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
          seen += 1;
          if (r >= 60 && b - r >= 10 && b - r <= 70 && g >= r && g <= b) city += 1;
          else if (r < 60 && b >= 35 && b < 110) land += 1;
        }
        if (seen < width / 8) continue;
        if (landTop < 0 && (land + city) * 3 >= seen) landTop = y;
        if (city * 3 >= seen) cityTop = y;
      }
      if (landTop < 0 || cityTop < 0) return height;
      return Math.round((cityTop - landTop) / scale);
    },
    { png, panels, cssWidth: canvas.width },
  );
  await blank.close();
  return gap;
}

const SIZES = [
  { label: "desktop", width: 1440, height: 900 },
  { label: "phone", width: 375, height: 812 },
] as const;

for (const size of SIZES) {
  test.describe(`The map on a ${size.width} px screen`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 900_000 });

    test(`A player on a ${size.label} zooms out to the whole island, and the zoom-out button then stops`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      // The first visit opens a short guide; it walks through the game in three steps and closes.
      const guide = page.getByRole("region", { name: "Find a building" });
      await expect(guide).toBeVisible();
      await shot(page, `map-first-run-guide-${size.width}`);
      // Clear of the controls it explains: the search, the zoom buttons and the legend.
      const box = await guide.boundingBox();
      for (const control of [
        page.getByRole("combobox", { name: "Search buildings" }),
        page.getByRole("button", { name: "Zoom in" }),
        page.locator(".mx-legend"),
      ]) {
        const other = await control.boundingBox();
        if (!box || !other) throw new Error("the guide or a control is not on the screen");
        const apart =
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y;
        expect(apart, "the guide covers a control").toBe(true);
      }
      for (const title of ["Make it yours", "Follow the market"]) {
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByRole("region", { name: title })).toBeVisible();
        await shot(page, `map-guide-${title.toLowerCase().replace(/\W+/g, "-")}-${size.width}`);
      }
      await page.getByRole("button", { name: "Start playing" }).click();
      await expect(page.locator(".mx-guide")).toHaveCount(0);
      // Shown once: the browser remembers it was seen.
      expect(await page.evaluate(() => localStorage.getItem("mx.mapGuideSeen"))).not.toBeNull();
      const map = page.locator('[data-map-ready="true"]');
      await zoomOutToIsland(page);
      await expect(page.getByRole("button", { name: "Zoom out" })).toBeDisabled();
      await expect(map).toHaveAttribute("data-island-in-view", "true", { timeout: 60_000 });
      await shot(page, `map-whole-island-${size.width}`);
    });

    test(`A player on a ${size.label} searches two towers and sees each whole, tilted so its height shows`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      const map = page.locator('[data-map-ready="true"]');
      for (const name of ["Empire State Building", "Citigroup Center"]) {
        const search = page.getByRole("combobox", { name: "Search buildings" });
        await search.fill(name);
        await page
          .getByRole("option", { name: new RegExp(name) })
          .first()
          .click();
        const card = page.locator("[data-selected-building]");
        await expect(card.getByRole("heading", { name })).toBeVisible();
        // The flight ends, the tower is the building seen at its place, and it runs off neither edge.
        await expect(map).toHaveAttribute("data-selected-in-front", "true", { timeout: 90_000 });
        await expect(map).toHaveAttribute("data-selected-clipped", "false");
        // Seen at a slant, not straight down: its walls show.
        expect(Number(await map.getAttribute("data-pitch"))).toBeGreaterThanOrEqual(30);
        await shot(page, `map-${name.toLowerCase().replace(/\W+/g, "-")}-${size.width}`);
      }
    });

    test(`A player on a ${size.label} tilts the map all the way and sees the city to the horizon`, async ({
      page,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      await waitForMap(page);
      const map = page.locator('[data-map-ready="true"]');
      // Pressed as a player presses it, without waiting for the button to hold still over two frames: drawn in
      // software on a busy machine, a frame of the map can take seconds.
      await page.getByRole("button", { name: "Zoom out" }).click({ force: true, timeout: 15_000 });
      await page.locator(".maplibregl-canvas").focus();
      for (let i = 0; i < 8; i += 1) await page.keyboard.press("Shift+ArrowUp");
      await expect
        .poll(async () => Number(await map.getAttribute("data-pitch")), { timeout: 60_000 })
        .toBe(70);
      // Towards the horizon the map is drawn from tiles of a lower zoom, which hold blocks rather than buildings:
      // the city reaches as far as the land does, with no band of bare land before the horizon.
      await expect
        .poll(() => bareLandBeforeHorizon(page), { timeout: 120_000, intervals: [3_000] })
        .toBeLessThan(30);
      await shot(page, `map-tilted-to-the-horizon-${size.width}`);
    });
  });
}
