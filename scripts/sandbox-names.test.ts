import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The product names no sandbox: the emulated processors and the offer wall's partner are `@mx/sandbox`'s, loaded by
 * `import()` from app.ts and create-gateway.ts alone, which sit outside the folders checked here. An identifier
 * containing "sandbox" (any case) in the server's modules, its database schema or the shared package fails this
 * test; comments and strings (a route's path, the provider's name `sandbox`) are not identifiers and do not count.
 * Tests are left out: a test of the server may set up the sandbox's records.
 */
const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["apps/server/src/modules", "apps/server/src/db/schema", "packages/shared/src"];

/**
 * Identifiers allowed in spite of their name, as "file:name": one, which is not this project's sandbox but PayPal's
 * own test environment, as the PayPal SDK names it (`Environment.Sandbox`), chosen by the real PayPal adapter.
 */
const ALLOWED = new Set(["apps/server/src/modules/payments/paypal-sdk.ts:Sandbox"]);

/** The product's source files under `folder`, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes("test"));
}

/** Every identifier of `source` whose name contains "sandbox", as "line:name". */
function sandboxIdentifiers(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && /sandbox/i.test(node.text)) {
      found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}:${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the product's names", () => {
  it("are read from the code, not from its comments or strings", () => {
    const source = [
      "// the sandbox's partner",
      'const provider = "sandbox";',
      "const path = `/offerwall/sandbox/` + provider;",
      "export const sandboxTokens = path;",
      "type T = { isSandbox: boolean };",
      "class C { #sandbox = 1; }",
    ].join("\n");
    expect(sandboxIdentifiers("probe.ts", source)).toEqual(["4:sandboxTokens", "5:isSandbox", "6:#sandbox"]);
  });

  it("hold no identifier naming the sandbox in the server's modules, its schema and the shared package", () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      sandboxIdentifiers(file, readFileSync(path.join(root, file), "utf8"))
        .map((hit) => `${file}:${hit}`)
        .filter((hit) => !ALLOWED.has(`${file}:${hit.split(":").pop()}`)),
    );
    expect(found).toEqual([]);
  });
});
