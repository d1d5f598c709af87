/**
 * Renders the app icons (apps/web/icons/*.svg) to the PNGs the web app manifest lists, with Debian's chromium.
 * Run once after changing an icon: `npx tsx scripts/render-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const here = path.dirname(new URL(import.meta.url).pathname);
const web = path.join(here, "../apps/web");
const out = path.join(web, "public/icons");
const renders = [
  { svg: "icon.svg", size: 192, file: "icon-192.png" },
  { svg: "icon.svg", size: 512, file: "icon-512.png" },
  { svg: "icon-maskable.svg", size: 192, file: "icon-maskable-192.png" },
  { svg: "icon-maskable.svg", size: 512, file: "icon-maskable-512.png" },
  { svg: "icon.svg", size: 180, file: "apple-touch-icon.png" },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const { svg, size, file } of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const markup = readFileSync(path.join(web, "icons", svg), "utf8");
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
