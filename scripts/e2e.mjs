// `npm run test:e2e`: builds the app unless E2E_BUILT=1 says it is built, then runs the browser stories with
// whatever arguments were given (`npm run test:e2e -- bids.spec.ts -g "accepts"`). playwright.config.ts starts
// one server per worker from the build.
import { spawnSync } from "node:child_process";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.E2E_BUILT !== "1") run("npm", ["run", "build"]);
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
