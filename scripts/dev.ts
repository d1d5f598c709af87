/** `npm run dev`: the server with reload on change, and Vite's dev server (which proxies /api to it). */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "apps/server/src/main.ts"], { cwd: root, stdio: "inherit" }),
  spawn("npx", ["vite"], { cwd: path.join(root, "apps/web"), stdio: "inherit" }),
];
console.log("\n  API on http://localhost:3000 · web app with hot reload on http://localhost:5173\n");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
