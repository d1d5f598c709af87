import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The module rules of `.dependency-cruiser.cjs`, run as `npm run lint` runs them, on small trees made here: each
 * rule refuses what it is for and lets the mended tree pass.
 */
const root = path.resolve(import.meta.dirname, "..");
const config = path.join(root, ".dependency-cruiser.cjs");
const depcruise = path.join(root, "node_modules", ".bin", "depcruise");

let tree: string;
afterEach(() => rmSync(tree, { recursive: true, force: true }));

/** Writes the files under `root` (the server's sources unless told) of a new tree. */
function makeTree(files: Record<string, string>, root = "apps/server/src") {
  tree = mkdtempSync(path.join(tmpdir(), "module-rules-"));
  for (const [file, text] of Object.entries(files)) {
    const at = path.join(tree, root, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
}

function lint(root = "apps/server/src"): { ok: boolean; output: string } {
  const run = spawnSync(depcruise, [root, "--config", config], { cwd: tree, encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe("the module rules", () => {
  it("refuse two modules that reach each other through a third, and pass once one import is gone", () => {
    makeTree({
      "modules/money/settle.ts":
        'import { charge } from "../payments/charge";\nexport const settle = () => charge();\n',
      "modules/payments/charge.ts":
        'import { hear } from "../webhooks/hear";\nexport const charge = () => hear();\n',
      "modules/webhooks/hear.ts":
        'import { settled } from "../money/settled";\nexport const hear = () => settled;\n',
      "modules/money/settled.ts": "export const settled = true;\n",
    });
    const refused = lint();
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("no-module-cycles");
    expect(refused.output).toContain("apps/server/src/modules/webhooks");

    writeFileSync(
      path.join(tree, "apps/server/src/modules/webhooks/hear.ts"),
      "export const hear = () => true;\n",
    );
    expect(lint()).toMatchObject({ ok: true });
  });

  it("refuse files that import one another", () => {
    makeTree({
      "modules/bids/submit.ts": 'import { decide } from "./decide";\nexport const submit = () => decide;\n',
      "modules/bids/decide.ts": 'import { submit } from "./submit";\nexport const decide = () => submit;\n',
    });
    const refused = lint();
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("no-file-cycles");
  });

  it("let only app.ts and create-gateway.ts load the sandbox", () => {
    makeTree({
      "modules/sandbox/routes.ts": "export const sandboxRoutes = 1;\n",
      "modules/sandbox/open-sandbox.ts": "export const openSandbox = 1;\n",
      "app.ts":
        'import { sandboxRoutes } from "./modules/sandbox/routes";\nexport const app = sandboxRoutes;\n',
      "create-gateway.ts":
        'export const createGateway = async () => (await import("./modules/sandbox/open-sandbox")).openSandbox;\n',
      "modules/shop/checkout.ts":
        'import { sandboxRoutes } from "../sandbox/routes";\nexport const x = sandboxRoutes;\n',
    });
    const refused = lint();
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("sandbox-only-from-app");
    expect(refused.output).toContain("modules/shop/checkout.ts");
    expect(refused.output).not.toContain("error sandbox-only-from-app: apps/server/src/app.ts");
    expect(refused.output).not.toContain("error sandbox-only-from-app: apps/server/src/create-gateway.ts");

    rmSync(path.join(tree, "apps/server/src/modules/shop"), { recursive: true });
    expect(lint()).toMatchObject({ ok: true });
  });

  it("let the sandbox reach the product only through the processor interfaces, as a processor does", () => {
    makeTree({
      "modules/payments/gateway.ts":
        "export type ProcessorNotices = { checkoutCompleted(id: string): Promise<void> };\n",
      "modules/shop/complete-order.ts": "export const completeOrder = async (id: string) => id;\n",
      "db/schema/shop.ts": "export const shopOrders = {};\n",
      "modules/sandbox/pay-checkout.ts":
        'import { completeOrder } from "../shop/complete-order";\nimport { shopOrders } from "../../db/schema/shop";\nexport const pay = (id: string) => [completeOrder(id), shopOrders];\n',
    });
    const refused = lint();
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain("sandbox-only-through-interfaces");
    expect(refused.output).toContain("modules/shop/complete-order.ts");
    expect(refused.output).toContain("db/schema/shop.ts");

    writeFileSync(
      path.join(tree, "apps/server/src/modules/sandbox/pay-checkout.ts"),
      'import type { ProcessorNotices } from "../payments/gateway";\nexport const pay = (notices: ProcessorNotices, id: string) => notices.checkoutCompleted(id);\n',
    );
    expect(lint()).toMatchObject({ ok: true });
  });

  describe("of the web app", () => {
    const web = "apps/web/src";
    const sandboxForm = "export default function SandboxAddCardForm() {\n  return null;\n}\n";
    const staticRoute =
      'import SandboxAddCardForm from "../../../sandbox/cards/add-card-form";\nexport const form = SandboxAddCardForm;\n';
    const lazyRoute = 'export const form = () => import("../../../sandbox/cards/add-card-form");\n';

    it("refuse a static import of its sandbox, and pass once the route loads it with import()", () => {
      makeTree(
        {
          "sandbox/cards/add-card-form.tsx": sandboxForm,
          "features/cards/routes/add-card-route.tsx": staticRoute,
        },
        web,
      );
      const refused = lint(web);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("web-sandbox-only-dynamic");
      expect(refused.output).toContain("features/cards/routes/add-card-route.tsx");
      expect(refused.output).not.toContain("web-sandbox-only-from-its-routes");

      writeFileSync(path.join(tree, web, "features/cards/routes/add-card-route.tsx"), lazyRoute);
      expect(lint(web)).toMatchObject({ ok: true });
    });

    it("let only the three card routes load its sandbox, even with import()", () => {
      makeTree(
        {
          "sandbox/cards/add-card-form.tsx": sandboxForm,
          "features/cards/routes/add-card-route.tsx": lazyRoute,
          "features/market/routes/market-route.tsx":
            'export const form = () => import("../../../sandbox/cards/add-card-form");\n',
        },
        web,
      );
      const refused = lint(web);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("web-sandbox-only-from-its-routes");
      expect(refused.output).toContain("features/market/routes/market-route.tsx");
      expect(refused.output).not.toContain("features/cards/routes/add-card-route.tsx");

      rmSync(path.join(tree, web, "features/market"), { recursive: true });
      expect(lint(web)).toMatchObject({ ok: true });
    });
  });
});
