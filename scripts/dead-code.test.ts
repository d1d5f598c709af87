import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The dead-code check of `npm run lint` (knip, with the project's `knip.jsonc`), run on a small workspace made here:
 * an unused file, export or dependency fails it, and the mended tree passes.
 */
const root = path.resolve(import.meta.dirname, "..");
const config = path.join(root, "knip.jsonc");
const knip = path.join(root, "node_modules", ".bin", "knip");

let tree: string;
afterEach(() => rmSync(tree, { recursive: true, force: true }));

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/** A server that uses one export of the shared package, with `extra` files written over it. */
function makeTree(extra: Record<string, string> = {}) {
  tree = mkdtempSync(path.join(tmpdir(), "dead-code-"));
  const files: Record<string, string> = {
    "package.json": json({
      name: "tree",
      private: true,
      type: "module",
      workspaces: ["packages/shared", "apps/server"],
    }),
    "packages/shared/package.json": json({
      name: "@mx/shared",
      private: true,
      type: "module",
      exports: { "./*": "./src/*.ts" },
    }),
    "packages/shared/src/money.ts": "export const cents = (dollars: number) => dollars * 100;\n",
    "apps/server/package.json": json({
      name: "@mx/server",
      private: true,
      type: "module",
      dependencies: { "@mx/shared": "*" },
    }),
    "apps/server/src/main.ts": 'import { cents } from "@mx/shared/money";\nconsole.log(cents(1));\n',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    const at = path.join(tree, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
  mkdirSync(path.join(tree, "node_modules", "@mx"), { recursive: true });
  symlinkSync(path.join(tree, "packages", "shared"), path.join(tree, "node_modules", "@mx", "shared"));
}

function check(): { ok: boolean; output: string } {
  const args = ["--no-progress", "--no-config-hints", "--config", config, "--directory", tree];
  const run = spawnSync(knip, args, { encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe("the dead-code check", () => {
  it("passes a tree where everything is used", () => {
    makeTree();
    expect(check()).toEqual({ ok: true, output: "" });
  });

  it("refuses an export of a package that no workspace imports", () => {
    makeTree({
      "packages/shared/src/money.ts":
        "export const cents = (dollars: number) => dollars * 100;\nexport const leftOver = 1;\n",
    });
    const { ok, output } = check();
    expect(ok).toBe(false);
    expect(output).toMatch(/Unused exports \(1\)\s+leftOver\s+packages\/shared\/src\/money\.ts/);
  });

  it("refuses a file that nothing imports", () => {
    makeTree({ "apps/server/src/orphan.ts": "export const nobody = 1;\n" });
    const { ok, output } = check();
    expect(ok).toBe(false);
    expect(output).toMatch(/Unused files \(1\)\s+apps\/server\/src\/orphan\.ts/);
  });

  it("refuses a dependency that no file imports", () => {
    makeTree({
      "apps/server/package.json": json({
        name: "@mx/server",
        private: true,
        type: "module",
        dependencies: { "@mx/shared": "*", "left-pad": "*" },
      }),
    });
    const { ok, output } = check();
    expect(ok).toBe(false);
    expect(output).toMatch(/Unused dependencies \(1\)\s+left-pad\s+apps\/server\/package\.json/);
  });
});
