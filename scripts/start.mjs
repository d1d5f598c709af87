/**
 * `npm start`: runs the compiled server (apps/server/dist) with plain node. It builds first only when a build is
 * missing, or, outside production, when the sources are newer than the build (a fresh clone or a pull).
 * In production (NODE_ENV=production) nothing is ever built here: run `npm run build` when deploying.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "apps/server/dist/main.js");
const web = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/server/src",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "packages/shared/src",
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = Math.min(...[server, web].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
const production = process.env.NODE_ENV === "production";
const stale =
  !production && builtAt > 0 && builtAt < Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt === 0 || stale) {
  if (production) {
    console.error("No build found: run `npm run build` before starting in production.");
    process.exit(1);
  }
  console.log(builtAt ? "The sources changed; rebuilding…" : "Building the app (first start)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// No source-map translation here: the bundle is plain, readable JavaScript with our function names, and a process
// with source maps on pays for them on every stack trace. `node --enable-source-maps apps/server/dist/main.js`
// turns them on for a debugging session (the maps are built beside the bundle).
await import(pathToFileURL(server).href);
