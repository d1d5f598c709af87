import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { longFunctions, oversizedFiles } from "./room-sizes";

/**
 * The size checks of `npm run lint`, run on a small tree made here: Biome, with the project's own biome.json, refuses
 * a product function over 80 lines (and leaves tests and stories alone); `scripts/room-sizes.ts` refuses any product
 * function over 80 lines from its first line to its last (a component's JSX included, which Biome does not count)
 * and a product file over 400 lines. Each shown failing, then passing once mended.
 */
const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules", ".bin", "biome");

let tree: string;
afterEach(() => rmSync(tree, { recursive: true, force: true }));

/** A tree holding `files`, with the project's Biome settings (outside any git repository, so no ignore file). */
function makeTree(files: Record<string, string>) {
  tree = mkdtempSync(path.join(tmpdir(), "room-sizes-"));
  const settings = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  delete settings.$schema;
  settings.vcs = { enabled: false };
  files["biome.json"] = JSON.stringify(settings);
  for (const [file, text] of Object.entries(files)) {
    const at = path.join(tree, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
}

/** A function of `lines` lines in all (its opening and closing lines counted). */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  total += ${i};`);
  return `export function long(): number {\n  let total = 0;\n${body.slice(1).join("\n")}\n  return total;\n}\n`;
}

function lint(): { ok: boolean; output: string } {
  const run = spawnSync(biome, ["lint", "--colors=off", "."], { cwd: tree, encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe("the function-length rule", () => {
  it("refuses a product function of 100 lines", () => {
    makeTree({ "apps/server/src/long.ts": functionOf(100) });
    const { ok, output } = lint();
    expect(ok).toBe(false);
    expect(output).toContain("lint/complexity/noExcessiveLinesPerFunction");
    expect(output).toContain("apps/server/src/long.ts");
  });

  it("passes the same code split into functions of 80 lines or fewer", () => {
    const half = functionOf(50);
    makeTree({ "apps/server/src/long.ts": `${half}${half.replace("function long", "function longer")}` });
    expect(lint()).toMatchObject({ ok: true });
  });

  it("leaves tests, browser stories and benches their long functions", () => {
    makeTree({
      "apps/server/src/long.test.ts": functionOf(100),
      "apps/web/e2e/a-story.spec.ts": functionOf(100),
      "bench/long.ts": functionOf(100),
    });
    expect(lint()).toMatchObject({ ok: true });
  });
});

describe("the file-size check", () => {
  const lines = (count: number) => "export const x = 1;\n".repeat(count);

  it("refuses a product file of 401 lines, and passes it at 400", () => {
    makeTree({ "apps/server/src/modules/big.ts": lines(401), "packages/kit/src/fine.ts": lines(400) });
    expect(oversizedFiles(tree)).toEqual([{ file: "apps/server/src/modules/big.ts", lines: 401 }]);
    writeFileSync(path.join(tree, "apps/server/src/modules/big.ts"), lines(400));
    expect(oversizedFiles(tree)).toEqual([]);
  });

  it("leaves tests and the named tables alone", () => {
    makeTree({
      "apps/server/src/modules/big.test.ts": lines(900),
      "packages/shared/src/messages.ts": lines(900),
    });
    expect(oversizedFiles(tree)).toEqual([]);
  });
});

describe("the function-length check", () => {
  /** A component of `lines` lines in all, most of them JSX. */
  const componentOf = (name: string, lines: number) =>
    `export function ${name}() {\n  return (\n    <ul>\n${"      <li>one</li>\n".repeat(lines - 6)}    </ul>\n  );\n}\n`;

  it("refuses a component of 100 lines, which Biome's rule lets through", () => {
    makeTree({ "apps/web/src/features/big/big-route.tsx": componentOf("BigRoute", 100) });
    expect(lint()).toMatchObject({ ok: true });
    expect(longFunctions(tree)).toEqual([
      { file: "apps/web/src/features/big/big-route.tsx", line: 1, name: "BigRoute", lines: 100 },
    ]);
  });

  it("passes it split in two, and a long one kept with the rule's ignore comment and a reason", () => {
    const kept = `// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a table read as a list\n${componentOf("Table", 90)}`;
    makeTree({
      "apps/web/src/features/big/big-route.tsx": `${componentOf("Top", 50)}${componentOf("Bottom", 50)}`,
      "apps/web/src/features/big/table.tsx": kept,
      "apps/web/src/features/big/big-route.test.tsx": componentOf("Test", 200),
    });
    expect(longFunctions(tree)).toEqual([]);
  });

  it("counts an arrow function by the variable it is given to", () => {
    const arrow = `export const useBig = () => {\n${"  console.log(1);\n".repeat(85)}};\n`;
    makeTree({ "apps/server/src/modules/big/use-big.ts": arrow });
    expect(longFunctions(tree)).toEqual([
      { file: "apps/server/src/modules/big/use-big.ts", line: 1, name: "useBig", lines: 87 },
    ]);
  });
});
