import type { Page } from "@playwright/test";

/**
 * Screenshots of a story at 1440 px and 375 px, written only when the named environment variable gives a folder
 * (e.g. `BIDS_SHOTS_DIR=/tmp/shots`); a no-op otherwise, so CI takes none. The viewport is put back afterwards.
 */
export function screenshotsTo(envVar: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    const folder = process.env[envVar];
    if (!folder) return;
    const size = page.viewportSize() ?? { width: 1280, height: 720 };
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 1440 ? 1000 : 812 });
      await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize(size);
  };
}
