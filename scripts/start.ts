/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs the server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/map.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(path.join(root, s))))) {
  console.log(builtAt ? "The web app changed; rebuilding it…" : "Building the web app (first start)…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../apps/server/src/main");
