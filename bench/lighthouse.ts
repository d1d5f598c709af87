/**
 * The public pages (/, /login, /shop) as a first-time visitor on a phone gets them: Lighthouse's performance and
 * best-practices audits, simulated mobile (slow 4G, a 4× slower CPU) at 375 px, against the compiled server
 * (`npm run build` first: this builds nothing) on a throw-away embedded database, in Debian's Chromium. Prints each
 * page's scores, total blocking time and failing audits, and the machine's benchmark index (Lighthouse's measure of
 * this CPU: the scores wobble with it and with whatever else runs on the machine). With LIGHTHOUSE_REPORTS_DIR set,
 * each page's whole report is written there as JSON, to open in the Lighthouse viewer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { answering, settled } from "./served-hot-reads";

const root = path.resolve(import.meta.dirname, "..");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const pages = ["/", "/login", "/shop"];
/** Audits whose failure is a finding: scored ones below 0.9 (informative and manual ones aside), and opportunities. */
const PASSING = 0.9;

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
};

/** Debian's Chromium, headless, with its DevTools endpoint on a free port; resolves once it listens. */
function startChromium(profileDir: string): Promise<{ browser: ChildProcess; port: number }> {
  const browser = spawn(
    chromiumPath,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let said = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${said}`)), 30_000);
    browser.stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      const port = said.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ browser, port: Number(port) });
      }
    });
    browser.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium stopped (${code}): ${said}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const failing = (audits: Record<string, Audit>, ids: string[]) =>
  ids
    .map((id) => audits[id])
    .filter(
      (audit): audit is Audit =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < PASSING &&
        ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
    );

export async function lighthouseFigures({ port = Number(process.env.BENCH_PORT ?? 3409) } = {}) {
  const main = path.join(root, "apps/server/dist/main.js");
  if (!existsSync(main) || !existsSync(path.join(root, "apps/web/dist/index.html"))) {
    console.log("  skipped: no build (run `npm run build` first)");
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  // The server serves a copy of the web build: a rebuild during the run (a browser test's) cannot change what is measured.
  const webDir = path.join(dataDir, "web");
  cpSync(path.join(root, "apps/web/dist"), webDir, { recursive: true });
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-chromium-"));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: "memory://",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "10000",
      AUTH_RATE_LIMIT_MAX: "10000",
      SUPPORT_EMAIL: "help@manhattan-exchange.test",
    },
  });
  let browser: ChildProcess | undefined;
  try {
    await answering(`${base}/readyz`, server, 300_000);
    // The server's start-up work (the island's import, the warm-up) must not share the CPU with the pages.
    if (server.pid) await settled(server.pid, 120_000);
    const chromium = await startChromium(profileDir);
    browser = chromium.browser;
    for (const page of pages) {
      const result = await lighthouse(
        `${base}${page}`,
        { port: chromium.port, logLevel: "error", output: "json" },
        {
          extends: "lighthouse:default",
          settings: {
            onlyCategories: ["performance", "best-practices"],
            formFactor: "mobile",
            throttlingMethod: "simulate",
            screenEmulation: { mobile: true, width: 375, height: 812, deviceScaleFactor: 3, disabled: false },
          },
        },
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        console.log(`  ${page.padEnd(8)} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        continue;
      }
      const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR;
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        const name = page === "/" ? "landing" : page.slice(1);
        writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr));
      }
      const audits = lhr.audits as Record<string, Audit>;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const tbt = audits["total-blocking-time"]?.displayValue ?? "?";
      const refs = (id: string) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? [];
      const failed = [
        ...failing(audits, refs("performance")).map((a) => `${a.id} (${a.displayValue ?? a.score})`),
        ...failing(audits, refs("best-practices")).map((a) => a.id),
      ];
      console.log(
        `  ${page.padEnd(8)} performance ${String(score("performance")).padStart(3)}, total blocking time ${tbt.padStart(7)}, best practices ${String(score("best-practices")).padStart(3)}; benchmark index ${lhr.environment.benchmarkIndex}`,
      );
      console.log(`  ${"".padEnd(8)} failing: ${failed.length > 0 ? failed.join(", ") : "none"}`);
      if (lhr.runWarnings.length > 0)
        console.log(`  ${"".padEnd(8)} warnings: ${lhr.runWarnings.join(" | ")}`);
    }
  } finally {
    if (browser) await stop(browser);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}
