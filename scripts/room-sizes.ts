/**
 * The size checks of `npm run lint`, on product code (the apps' and packages' sources, tests left out):
 * - no function over 80 lines, counted from its first line to its last (Biome's `noExcessiveLinesPerFunction` counts
 *   only some lines of a body and passes a component whose JSX runs for pages, so the whole span is counted here);
 *   a function may stay longer only with Biome's ignore comment for that rule, and its reason, just above it;
 * - no file over 400 lines, but for the tables named below, each with its reason.
 * `tsx scripts/room-sizes.ts [root]`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const MAX_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** The comment that lets a function stay longer, with its reason after the colon. */
const LONG_FUNCTION_ALLOWED = "biome-ignore lint/complexity/noExcessiveLinesPerFunction:";

/** Files allowed over the limit: tables of data or texts, which read as lists, not as code. */
const TABLES = new Map([
  ["packages/shared/src/messages.ts", "every text the API answers with, word for word, in one table"],
  ["apps/web/src/features/shop/images/product-art.tsx", "the shop's product artwork, drawn as SVG data"],
]);

/** Where product code lives, relative to the root. */
const SOURCES = /^(apps\/[^/]+\/src|packages\/[^/]+\/(src|web))\//;
const LEFT_OUT = /(\.test\.tsx?$|\/src\/test\/|\.d\.ts$)/;

/** The product's source files under `root`, as paths relative to it. */
function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && SOURCES.test(rel) && !LEFT_OUT.test(rel)) found.push(rel);
    }
  };
  for (const top of ["apps", "packages"]) {
    try {
      walk(top);
    } catch {
      // A tree without apps/ or packages/ has nothing there to check.
    }
  }
  return found.sort();
}

/** The files over the limit that are not tables, with their line counts. */
export function oversizedFiles(root: string): { file: string; lines: number }[] {
  const over: { file: string; lines: number }[] = [];
  for (const file of sourceFiles(root)) {
    if (TABLES.has(file)) continue;
    const lines = readFileSync(path.join(root, file), "utf8").split("\n").length - 1;
    if (lines > MAX_LINES) over.push({ file, lines });
  }
  return over;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.AccessorDeclaration
  | ts.ConstructorDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isAccessor(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** The function's name as a reader finds it: its own, or the variable or property it is given to. */
function nameOf(node: FunctionNode, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return "(anonymous)";
}

/** Whether the comments just above the function (or the statement that holds it) allow it to be long. */
function allowedLong(node: ts.Node, text: string): boolean {
  let holder: ts.Node = node;
  while (!ts.isSourceFile(holder.parent) && !ts.isBlock(holder.parent) && !ts.isClassLike(holder.parent)) {
    if (ts.isCallExpression(holder.parent) || ts.isObjectLiteralExpression(holder.parent)) break;
    holder = holder.parent;
  }
  const comments = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
  return comments.some((range) => text.slice(range.pos, range.end).includes(LONG_FUNCTION_ALLOWED));
}

/** The functions over the limit that no comment allows, with their line counts (first line to last). */
export function longFunctions(root: string): { file: string; line: number; name: string; lines: number }[] {
  const long: { file: string; line: number; name: string; lines: number }[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), "utf8");
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (isFunction(node)) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
        if (lines > MAX_FUNCTION_LINES && !allowedLong(node, text)) {
          long.push({ file, line: first + 1, name: nameOf(node, source), lines });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(process.argv[2] ?? ".");
  const over = oversizedFiles(root);
  for (const { file, lines } of over) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  const long = longFunctions(root);
  for (const { file, line, name, lines } of long) {
    console.error(`${file}:${line} ${name}: ${lines} lines (at most ${MAX_FUNCTION_LINES})`);
  }
  if (over.length > 0) {
    console.error(`${over.length} file(s) over ${MAX_LINES} lines: split them, as the modules README says.`);
  }
  if (long.length > 0) {
    console.error(
      `${long.length} function(s) over ${MAX_FUNCTION_LINES} lines: split them into named steps.`,
    );
  }
  if (over.length + long.length > 0) process.exit(1);
}
