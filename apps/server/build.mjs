/**
 * Compiles the server into dist/: one ES module bundle of our own code, the
 * installed packages left as imports, and the migrations beside it. The workspace packages (@mx/shared, @mx/kit,
 * @mx/processors and, in chunks of its own, @mx/sandbox) are compiled in. `node dist/main.js` runs it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith("@mx/"))
  .flatMap((name) => [name, `${name}/*`]);
const outdir = path.join(here, "dist");

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
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
  metafile: true,
});
// The sandbox package (@mx/sandbox) is loaded only when chosen (create-gateway.ts, app.ts), so it lands in chunks that
// main.js does not import; listed here, so that scripts/production-check.mjs can show a production server running without them.
const outputs = metafile.outputs;
const loadedAtStart = new Set();
const visit = (file) => {
  if (loadedAtStart.has(file)) return;
  loadedAtStart.add(file);
  for (const { path: imported, kind } of outputs[file]?.imports ?? [])
    if (kind === "import-statement") visit(imported);
};
visit(Object.keys(outputs).find((file) => outputs[file].entryPoint));
const isSandbox = (input) => input.startsWith("../../packages/sandbox/");
const sandboxFiles = Object.entries(outputs)
  .filter(([file, output]) => file.endsWith(".js") && Object.keys(output.inputs).some(isSandbox))
  .map(([file]) => file);
const loadedWithProduct = sandboxFiles.filter((file) => loadedAtStart.has(file));
if (loadedWithProduct.length > 0)
  throw new Error(`The sandbox is loaded with the product: ${loadedWithProduct}`);
const listed = [
  ...sandboxFiles.map((file) => path.relative(outdir, path.join(here, file))),
  "sandbox-migrations",
];
writeFileSync(path.join(outdir, "sandbox-files.json"), `${JSON.stringify(listed, null, 2)}\n`);
cpSync(path.join(here, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
cpSync(path.join(here, "../../packages/sandbox/src/migrations"), path.join(outdir, "sandbox-migrations"), {
  recursive: true,
});
console.log(`Server compiled into ${path.relative(process.cwd(), outdir) || "."}`);
