/**
 * The map's first view in headless Chromium: bytes transferred (JS, CSS, manifest, tiles, state) and the time
 * until buildings are drawn. Starts its own server (embedded database) on a spare port.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const port = 3390;
const base = `http://127.0.0.1:${port}`;

async function waitFor(url: string, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function signUp(): Promise<{ token: string; userId: string }> {
  const email = `bench${Date.now()}@example.com`;
  const post = (p: string, body: unknown) =>
    fetch(`${base}/api/v1${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/otp/create", { email, type: "UR" });
  const mail = (await (
    await fetch(`${base}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as {
    data: { text: string }[];
  };
  const otp = Number(mail.data[0]?.text.match(/\b(\d{4})\b/)?.[1]);
  const { data } = (await (await post("/otp/verify", { email, type: "UR", otp })).json()) as {
    data: { token: string };
  };
  const created = (await (
    await post("/users/", {
      email,
      password: "bench password",
      otpToken: data.token,
      fullName: "Bench",
      userName: `bench${Date.now()}`,
    })
  ).json()) as { data: { accessToken: string; userId: string } };
  return { token: created.data.accessToken, userId: created.data.userId };
}

/** What the settled map shows: the map container's marks, written on every idle. */
async function settled(page: Page, until: (zoom: number, drawn: number) => boolean, timeout = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    const map = page.locator("[data-drawn-buildings]");
    const view = {
      zoom: Number((await map.getAttribute("data-zoom")) ?? 99),
      drawn: Number((await map.getAttribute("data-drawn-buildings")) ?? 0),
    };
    if (until(view.zoom, view.drawn)) return { ...view, ms: Date.now() - started };
    await page.waitForTimeout(100);
  }
  throw new Error("the map did not settle");
}

/** Flies to the first result of a search and waits for the map to settle there. */
async function flyToSearch(page: Page, text: string) {
  const search = page.getByRole("combobox", { name: "Search buildings" });
  await search.fill(text);
  await page.getByRole("option").first().click();
  await page.waitForTimeout(2500); // the flight
  return settled(page, (zoom) => zoom >= 14);
}

/** The island at a glance, a flight from the Battery to Inwood, and the tab's memory afterwards. */
async function islandFigures(page: Page, width: number) {
  const failedTiles: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/map-data/") && res.status() >= 400) failedTiles.push(res.url());
  });
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  const started = Date.now();
  // Out to the island: the button turns off at the widest zoom.
  let clicks = 0;
  for (; clicks < 8 && (await zoomOut.isEnabled()); clicks += 1) {
    await zoomOut.click({ timeout: 3_000 }).catch(() => undefined);
  }
  const clicked = Date.now();
  const island = await settled(page, (zoom, drawn) => zoom < 13 && drawn > 0);
  const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(2);
  console.log(
    `  island view ${width} px: zoom ${island.zoom}, ${island.drawn.toLocaleString("en-US")} blocks drawn ${seconds(clicked)} s after the last of ${clicks} zoom-out clicks (${seconds(started)} s after the first)`,
  );
  const battery = await flyToSearch(page, "Battery Park");
  const inwood = await flyToSearch(page, "Inwood");
  const memory = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  console.log(
    `  Battery Park → Inwood ${width} px: ${battery.drawn} then ${inwood.drawn} buildings drawn once settled, ${failedTiles.length} tiles failed; JS heap of the map tab ${(memory / 1024 / 1024).toFixed(0)} MB`,
  );
}

export async function mapViewFigures(): Promise<void> {
  spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "ignore" });
  const server: ChildProcess = spawn("npx", ["tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: "memory://",
      // Its log says when the background build of the search catalogue and the map's tiles is done.
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT_MAX: "1000",
    },
    stdio: ["ignore", "pipe", "ignore"],
    detached: true,
  });
  // As on a server that has been up for a minute: players are measured once that build is over, not against it.
  const warmed = new Promise<string>((resolve) => {
    let log = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const built = /Search catalogue and \d+ map tiles built in \d+ ms/.exec(log)?.[0];
      if (built) resolve(built);
    });
  });
  try {
    await waitFor(`${base}/readyz`, 120);
    const built = await Promise.race([
      warmed,
      new Promise<string>((resolve) =>
        setTimeout(() => resolve("map tiles not built within 120 s"), 120_000),
      ),
    ]);
    console.log(`  server: ${built}`);
    const { token, userId } = await signUp();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
      ],
    });
    // One visit first, not counted, in a context of its own (nothing of it is cached for the others): a browser
    // starts its GPU process and compiles its shaders (in software here) once, which a player's browser has long done.
    {
      const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
      await context.addInitScript(
        `localStorage.setItem("token", ${JSON.stringify(token)}); localStorage.setItem("userId", ${JSON.stringify(userId)});`,
      );
      const page = await context.newPage();
      await page.goto(`${base}/map`);
      await page.waitForSelector('[data-buildings-visible="true"]', { timeout: 60_000 });
      await context.close();
    }
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const context = await browser.newContext({ viewport });
      await context.addInitScript(
        `localStorage.setItem("token", ${JSON.stringify(token)}); localStorage.setItem("userId", ${JSON.stringify(userId)});`,
      );
      const page = await context.newPage();
      // Every response the page and its map worker received, by kind, in bytes on the wire (compressed).
      const bytes = new Map<string, number>();
      const pending: Promise<void>[] = [];
      context.on("requestfinished", (request) => {
        pending.push(
          request.sizes().then((sizes) => {
            const url = request.url();
            const kind = url.includes("/map-data/")
              ? "tiles"
              : url.includes("/api/")
                ? "api"
                : request.resourceType();
            bytes.set(kind, (bytes.get(kind) ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize);
          }),
        );
      });
      const started = Date.now();
      await page.goto(`${base}/map`);
      await page.waitForSelector('[data-buildings-visible="true"]', { timeout: 60_000 });
      const visible = Date.now() - started;
      await page.waitForSelector('[data-map-ready="true"]', { timeout: 60_000 });
      const ready = Date.now() - started;
      await page.waitForTimeout(500);
      await Promise.all(pending);
      const total = [...bytes.values()].reduce((a, b) => a + b, 0);
      const parts = [...bytes]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${(n / 1024).toFixed(0)}`)
        .join(", ");
      console.log(
        `  map first view ${viewport.width}×${viewport.height}: ${(total / 1024).toFixed(0)} KB transferred (${parts} KB; the map worker's script, ~140 KB, is not reported by the browser); first buildings visible after ${(visible / 1000).toFixed(2)} s, the whole view drawn after ${(ready / 1000).toFixed(2)} s (software WebGL)`,
      );
      await islandFigures(page, viewport.width);
      await context.close();
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}
