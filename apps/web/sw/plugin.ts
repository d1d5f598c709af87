import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** Files under public/ the worker does not precache. */
const SKIP = /(^|\/)(sw\.js|.*\.map)$/;

/** A module of the processor sandbox's web forms (@mx/sandbox/web) or of this app's wiring of them (src/sandbox). */
const SANDBOX_MODULE = /\/(packages\/sandbox\/web|node_modules\/@mx\/sandbox\/web|apps\/web\/src\/sandbox)\//;

/**
 * A chunk of the processor sandbox's forms (loaded with import() only when the server names the sandbox; rolldown
 * puts nothing the product needs in them): fetched when shown, never precached, so a player on Stripe never
 * downloads them.
 */
const isSandboxChunk = (moduleIds: readonly string[]) =>
  moduleIds.some((id) => SANDBOX_MODULE.test(id.replaceAll("\\", "/")));

/**
 * Fails the build when a chunk the app loads at start (an entry chunk, or one it imports statically) holds the
 * sandbox's forms: they are loaded with import() only when the server names the sandbox.
 */
export function sandboxOutOfEntry(): Plugin {
  return {
    name: "mx-sandbox-out-of-entry",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: readonly string[]; moduleIds: readonly string[] }>();
      const queue: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.set(output.fileName, output);
        if (output.isEntry) queue.push(output.fileName);
      }
      const atStart = new Set<string>();
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        if (atStart.has(name)) continue;
        atStart.add(name);
        queue.push(...(chunks.get(name)?.imports ?? []));
      }
      const withSandbox = [...atStart].filter((name) => isSandboxChunk(chunks.get(name)?.moduleIds ?? []));
      if (withSandbox.length > 0) {
        this.error(`The sandbox's forms would load with the app, in ${withSandbox.join(", ")}`);
      }
    },
  };
}

function publicFiles(dir: string, base = ""): string[] {
  let files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const rel = base ? `${base}/${name}` : name;
    if (statSync(full).isDirectory()) files = files.concat(publicFiles(full, rel));
    else files.push(rel);
  }
  return files;
}

/**
 * Writes dist/sw.js from sw/sw.js at build time: the list of static files to precache (every emitted asset and
 * public file, HTML pages and the sandbox's chunks aside — navigations go to the network) and a version hashed
 * from their contents, so each build that changes anything installs a new worker and drops the old caches.
 */
export function serviceWorker(): Plugin {
  let publicDir = "";
  return {
    name: "mx-service-worker",
    apply: "build",
    // After Vite's own plugins: its CSS plugin drops the empty script chunks of CSS-only modules from the bundle in
    // this same hook, and a listed file that is never written would fail the worker's install.
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash("sha256");
      const urls: string[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName.endsWith(".html") || SKIP.test(fileName)) continue;
        if (output.type === "chunk" && isSandboxChunk(output.moduleIds)) continue;
        if (output.type === "chunk" && output.code.trim() === "") continue;
        urls.push(`/${fileName}`);
        hash.update(fileName);
        hash.update(output.type === "chunk" ? output.code : output.source);
      }
      if (publicDir) {
        for (const file of publicFiles(publicDir)) {
          if (SKIP.test(file) || (file.endsWith(".html") && file !== "offline.html")) continue;
          urls.push(`/${file}`);
          hash.update(file);
          hash.update(readFileSync(path.join(publicDir, file)));
        }
      }
      const template = readFileSync(new URL("./sw.js", import.meta.url), "utf8");
      hash.update(template);
      urls.sort();
      const source = template
        .replace('"__VERSION__"', JSON.stringify(hash.digest("hex").slice(0, 16)))
        .replace("__PRECACHE__", JSON.stringify(urls, null, 2));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
