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

function lint(...roots: string[]): { ok: boolean; output: string } {
  const args = roots.length > 0 ? roots : ["apps/server/src"];
  const run = spawnSync(depcruise, [...args, "--config", config], { cwd: tree, encoding: "utf8" });
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

  describe("of the packages", () => {
    const both = ["apps/server/src", "packages"];
    const sandboxFiles = {
      "packages/sandbox/src/routes.ts": "export const sandboxRoutes = 1;\n",
      "packages/sandbox/src/open-sandbox.ts": "export const openSandbox = 1;\n",
    };
    const lazyApp =
      'export const app = async () => (await import("../../../packages/sandbox/src/routes")).sandboxRoutes;\n';

    it("let only app.ts and create-gateway.ts load the sandbox, with import() alone", () => {
      makeTree(
        {
          ...sandboxFiles,
          "apps/server/src/app.ts":
            'import { sandboxRoutes } from "../../../packages/sandbox/src/routes";\nexport const app = sandboxRoutes;\n',
          "apps/server/src/create-gateway.ts":
            'export const createGateway = async () => (await import("../../../packages/sandbox/src/open-sandbox")).openSandbox;\n',
          "apps/server/src/modules/shop/checkout.ts":
            'export const x = async () => (await import("../../../../../packages/sandbox/src/routes")).sandboxRoutes;\n',
        },
        ".",
      );
      const refused = lint(...both);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain(
        "error sandbox-only-from-app: apps/server/src/modules/shop/checkout.ts",
      );
      expect(refused.output).toContain("error sandbox-only-dynamic: apps/server/src/app.ts");
      expect(refused.output).not.toContain("error sandbox-only-from-app: apps/server/src/app.ts");
      expect(refused.output).not.toContain("apps/server/src/create-gateway.ts");

      rmSync(path.join(tree, "apps/server/src/modules/shop"), { recursive: true });
      writeFileSync(path.join(tree, "apps/server/src/app.ts"), lazyApp);
      expect(lint(...both)).toMatchObject({ ok: true });
    });

    it("let the sandbox reach the product only through the processor interfaces, as a processor does", () => {
      makeTree(
        {
          ...sandboxFiles,
          "apps/server/src/app.ts": lazyApp,
          "packages/processors/src/gateway.ts":
            "export type ProcessorNotices = { checkoutCompleted(id: string): Promise<void> };\n",
          "apps/server/src/modules/shop/complete-order.ts":
            "export const completeOrder = async (id: string) => id;\n",
          "apps/server/src/db/schema/shop.ts": "export const shopOrders = {};\n",
          "packages/sandbox/src/pay-checkout.ts":
            'import { completeOrder } from "../../../apps/server/src/modules/shop/complete-order";\nimport { shopOrders } from "../../../apps/server/src/db/schema/shop";\nexport const pay = (id: string) => [completeOrder(id), shopOrders];\n',
        },
        ".",
      );
      const refused = lint(...both);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("packages-below-the-apps");
      expect(refused.output).toContain("apps/server/src/modules/shop/complete-order.ts");
      expect(refused.output).toContain("apps/server/src/db/schema/shop.ts");

      writeFileSync(
        path.join(tree, "packages/sandbox/src/pay-checkout.ts"),
        'import type { ProcessorNotices } from "../../processors/src/gateway";\nexport const pay = (notices: ProcessorNotices, id: string) => notices.checkoutCompleted(id);\n',
      );
      expect(lint(...both)).toMatchObject({ ok: true });
    });

    it("refuse a package that imports one above it, so two packages never reach each other", () => {
      makeTree(
        {
          ...sandboxFiles,
          "packages/sandbox/src/gateway.ts":
            'import { CardError } from "../../processors/src/gateway";\nexport const refuse = () => new CardError();\n',
          "packages/processors/src/gateway.ts":
            'import { sandboxRoutes } from "../../sandbox/src/routes";\nexport class CardError extends Error {}\nexport const x = sandboxRoutes;\n',
          "packages/kit/src/errors.ts":
            'import { CardError } from "../../processors/src/gateway";\nexport const y = CardError;\n',
        },
        ".",
      );
      const refused = lint("packages");
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("error processors-below-sandbox: packages/processors/src/gateway.ts");
      expect(refused.output).toContain("error kit-below-processors: packages/kit/src/errors.ts");

      writeFileSync(
        path.join(tree, "packages/processors/src/gateway.ts"),
        "export class CardError extends Error {}\n",
      );
      writeFileSync(path.join(tree, "packages/kit/src/errors.ts"), "export const y = 1;\n");
      expect(lint("packages")).toMatchObject({ ok: true });
    });

    it("keep the sandbox's web forms off its server side, the kit and the processors, and its server side off them", () => {
      makeTree(
        {
          ...sandboxFiles,
          "packages/kit/src/ids.ts": "export const newId = () => 1;\n",
          "packages/sandbox/web/token.ts":
            'import { sandboxRoutes } from "../src/routes";\nexport const createToken = () => sandboxRoutes;\n',
          "packages/sandbox/web/card-form.tsx":
            'import { newId } from "../../kit/src/ids";\nexport function CardForm() {\n  return newId();\n}\n',
          "packages/sandbox/src/tokens.ts":
            'import { createToken } from "../web/token";\nexport const tokens = () => createToken();\n',
        },
        ".",
      );
      const refused = lint("packages");
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("error sandbox-web-in-the-browser: packages/sandbox/web/token.ts");
      expect(refused.output).toContain(
        "error sandbox-web-in-the-browser: packages/sandbox/web/card-form.tsx",
      );
      expect(refused.output).toContain("error sandbox-web-only-for-the-web: packages/sandbox/src/tokens.ts");

      writeFileSync(
        path.join(tree, "packages/sandbox/web/token.ts"),
        "export const createToken = () => 1;\n",
      );
      writeFileSync(
        path.join(tree, "packages/sandbox/web/card-form.tsx"),
        'import { createToken } from "./token";\nexport function CardForm() {\n  return createToken();\n}\n',
      );
      writeFileSync(path.join(tree, "packages/sandbox/src/tokens.ts"), "export const tokens = () => 1;\n");
      expect(lint("packages")).toMatchObject({ ok: true });
    });
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

    it("let it load the sandbox's web forms alone, with import() or through its wiring, never the sandbox's server side", () => {
      const wiring = "apps/web/src/sandbox/cards/add-card-form.tsx";
      const payoutRoute = "apps/web/src/features/payouts/routes/add-payout-card-route.tsx";
      makeTree(
        {
          "packages/sandbox/src/tokens.ts": "export const tokens = 1;\n",
          "packages/sandbox/web/add-card-form.tsx": sandboxForm,
          "packages/sandbox/web/add-payout-card-form.tsx": sandboxForm,
          // The wiring reaches past the forms to the sandbox's server side.
          [wiring]:
            'import { tokens } from "../../../../../packages/sandbox/src/tokens";\nexport default function SandboxAddCard() {\n  return tokens;\n}\n',
          "apps/web/src/features/cards/routes/add-card-route.tsx": lazyRoute,
          // A route imports a form statically.
          [payoutRoute]:
            'import SandboxPayoutCardForm from "../../../../../../packages/sandbox/web/add-payout-card-form";\nexport const form = SandboxPayoutCardForm;\n',
          // A screen that shows no card form loads one.
          "apps/web/src/features/market/routes/market-route.tsx":
            'export const form = () => import("../../../../../../packages/sandbox/web/add-card-form");\n',
        },
        ".",
      );
      const refused = lint(web, "packages");
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain(`error web-never-the-server-packages: ${wiring}`);
      expect(refused.output).toContain(`error web-sandbox-only-dynamic: ${payoutRoute}`);
      expect(refused.output).toContain(
        "error web-sandbox-only-from-its-routes: apps/web/src/features/market",
      );
      expect(refused.output).not.toContain("features/cards/routes/add-card-route.tsx");

      writeFileSync(
        path.join(tree, wiring),
        'import SandboxAddCardForm from "../../../../../packages/sandbox/web/add-card-form";\nexport default function SandboxAddCard() {\n  return SandboxAddCardForm();\n}\n',
      );
      writeFileSync(
        path.join(tree, payoutRoute),
        'export const form = () => import("../../../../../../packages/sandbox/web/add-payout-card-form");\n',
      );
      rmSync(path.join(tree, "apps/web/src/features/market"), { recursive: true });
      expect(lint(web, "packages")).toMatchObject({ ok: true });
    });
  });

  it("keep the web app's features apart: what two share lives in components/ or lib/", () => {
    const web = "apps/web/src";
    makeTree(
      {
        "features/market/routes/market-route.tsx":
          'import { WatchStar } from "../../watchlist/components/watch-star";\nexport const route = () => WatchStar;\n',
        "features/watchlist/components/watch-star.tsx": "export const WatchStar = () => null;\n",
        "features/watchlist/routes/watchlist-route.tsx":
          'import { WatchStar } from "../components/watch-star";\nexport const route = () => WatchStar;\n',
      },
      web,
    );
    const refused = lint(web);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain(
      "error web-features-apart: apps/web/src/features/market/routes/market-route.tsx → apps/web/src/features/watchlist/components/watch-star.tsx",
    );
    // A feature's own files import each other freely.
    expect(refused.output).not.toContain("features/watchlist/routes");

    mkdirSync(path.join(tree, web, "components"), { recursive: true });
    writeFileSync(
      path.join(tree, web, "components/watch-star.tsx"),
      "export const WatchStar = () => null;\n",
    );
    writeFileSync(
      path.join(tree, web, "features/market/routes/market-route.tsx"),
      'import { WatchStar } from "../../../components/watch-star";\nexport const route = () => WatchStar;\n',
    );
    expect(lint(web)).toMatchObject({ ok: true });
  });
});
