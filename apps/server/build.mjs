/**
 * Compiles the server into dist/: one ES module bundle of our own code (the shared package included), the
 * installed packages left as imports, and the migrations beside it. `node dist/main.js` runs it.
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith("@mx/"))
  .flatMap((name) => [name, `${name}/*`]);
const outdir = path.join(here, "dist");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, "src/main.ts")],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  sourcemap: true,
  external,
  logLevel: "warning",
  chunkNames: "chunks/[name]-[hash]",
});
cpSync(path.join(here, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
console.log(`Server compiled into ${path.relative(process.cwd(), outdir) || "."}`);
