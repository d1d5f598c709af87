import { expect, test } from "./support/fixtures";
import { authHeaders, buyBuilding } from "./support/market";

for (const width of [1440, 375]) {
  test.describe(`The market index at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test(`A player at ${width} px buys a building and finds the day's trade in its neighbourhood's index on the leaderboard`, async ({
      page,
      request,
      logIn,
      existingPlayer,
    }) => {
      await logIn(existingPlayer);
      const { building } = await buyBuilding(page, request);
      const market = await request.get(
        `/api/v1/market/building?buildingId=${encodeURIComponent(building.buildingId)}`,
        { headers: await authHeaders(page) },
      );
      expect(market.ok(), await market.text()).toBe(true);
      const neighborhood: string = (await market.json()).data.neighborhood;

      await page.goto("/Leader-board");
      await page.getByLabel("Neighbourhood").selectOption({ label: neighborhood });
      const panel = page.getByRole("region", { name: `${neighborhood} at a glance` });
      await expect(panel.getByRole("heading", { level: 2, name: neighborhood })).toBeVisible();

      // The chart loads with the first neighbourhood picked; its figures are also a table for screen readers.
      const title = `${neighborhood}: trades and median price per 1,000 sq ft, 90 days`;
      const figure = panel.getByRole("figure", { name: title });
      await expect(figure).toBeVisible();
      await expect(figure.locator(".index-chart__plot svg").first()).toBeVisible();
      const today = new Date().toISOString().slice(0, 10);
      const row = figure.getByRole("table", { name: title }).getByRole("row").filter({ hasText: today });
      await expect(row).toHaveCount(1);
      const trades = Number(await row.getByRole("cell").nth(1).textContent());
      expect(trades).toBeGreaterThanOrEqual(1);

      // The page does not scroll sideways (and when it does, the message names what runs past the edge).
      const overflow = await page.evaluate(() => {
        const extra =
          Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth;
        const past = Array.from(document.querySelectorAll("body *"))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 3)
          .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute("class") ?? ""}`);
        return extra > 0 ? `${extra} px too wide: ${past.join(", ")}` : "fits";
      });
      expect(overflow).toBe("fits");
      const folder = process.env.SCREENS_SHOTS_DIR;
      if (folder) await figure.screenshot({ path: `${folder}/market-index-${width}.png` });
    });
  });
}
