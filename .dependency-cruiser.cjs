/**
 * The module rules, checked by `npm run lint` (dependency-cruiser). The workspace's packages, each below the next:
 * - `packages/shared` (the web app's and the server's constants, schemas and texts), `packages/kit` (the server's
 *   foundations), `packages/processors` (what a payment processor or an offer-wall partner and the product say to
 *   each other), `packages/sandbox` (the emulated processors), then `apps/server`; a package never imports one
 *   above it, so no two packages reach each other;
 * - the processor sandbox (`packages/sandbox`) stands where Stripe, PayPal and an offer-wall partner stand: it uses
 *   the kit, the processor interfaces and what the server hands it when it registers it (its database, the notices
 *   Stripe's webhooks would carry, the partner's secret and sign-in check), never the server's files;
 * - the server loads the sandbox with `import()` from app.ts (its routes) and create-gateway.ts (its processors)
 *   alone, and only when it is the chosen processor: no product file imports it, so the compiled server runs
 *   without it;
 * The server's:
 * - no cycles between the folders of `apps/server/src/modules`: each module may use the ones below it, and none
 *   uses one that uses it back (webhooks and app.ts sit on top and are imported by nothing);
 * - no cycles between files of the server or of a package.
 * The web app's:
 * - it never imports the server's packages (kit, processors, sandbox);
 * - its processor sandbox (`apps/web/src/sandbox`, the stand-ins for Stripe's forms and the bank's page) is loaded
 *   with `import()` by the three routes that show a card form (Add Card, Add payout card, the shop's checkout) and by
 *   the bank's check, only when the server names the sandbox: a static import anywhere would put it in the entry
 *   chunk.
 * Tests (`*.test.ts`, `src/test/`) are left out: a test of the server may set up the sandbox's records.
 * `.dependency-cruiser-known-violations.json` lists violations that cannot be undone at once: one listed there is
 * reported only if it grows. The list is empty: every rule holds on the whole workspace, and it is meant to stay so.
 */
const MODULE = "^apps/server/src/modules/[^/]+$";
const SANDBOX = "^packages/sandbox/";
const WEB_SANDBOX = "^apps/web/src/sandbox/";
const WEB_SANDBOX_DOORS = [
  "^apps/web/src/features/cards/routes/add-card-route\\.tsx$",
  "^apps/web/src/features/payouts/routes/add-payout-card-route\\.tsx$",
  "^apps/web/src/features/shop/routes/checkout-route\\.tsx$",
  "^apps/web/src/components/bank-check/bank-check-dialog\\.tsx$",
];

module.exports = {
  forbidden: [
    {
      name: "no-module-cycles",
      comment: "Modules form layers: a module never reaches, through others, a module that imports it.",
      severity: "error",
      scope: "folder",
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
    {
      name: "no-file-cycles",
      comment: "Files of the server or of a package never import one another in a circle.",
      severity: "error",
      from: { path: "^(apps/server/src|packages/[^/]+/src)/" },
      to: { circular: true },
    },
    {
      name: "packages-below-the-apps",
      comment:
        "A package never imports the server or the web app: the sandbox reaches the server only through what it is handed.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "shared-at-the-bottom",
      comment: "The shared package serves the web app too: it uses no server package.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^packages/(kit|processors|sandbox)/" },
    },
    {
      name: "kit-below-processors",
      comment: "The kit knows nothing of processors or of the sandbox.",
      severity: "error",
      from: { path: "^packages/kit/" },
      to: { path: "^packages/(processors|sandbox)/" },
    },
    {
      name: "processors-below-sandbox",
      comment:
        "The processor interfaces name what real processors offer; the sandbox implements them, not the reverse.",
      severity: "error",
      from: { path: "^packages/processors/" },
      to: { path: SANDBOX },
    },
    {
      name: "sandbox-only-from-app",
      comment:
        "The sandbox is loaded by app.ts (its routes) and create-gateway.ts (its processors) only when it is the chosen processor.",
      severity: "error",
      from: { path: "^apps/", pathNot: "^apps/server/src/(app|create-gateway)\\.ts$" },
      to: { path: SANDBOX },
    },
    {
      name: "sandbox-only-dynamic",
      comment:
        "The server reaches the sandbox with import() alone, so the compiled server starts without it.",
      severity: "error",
      from: { path: "^apps/server/src/" },
      to: { path: SANDBOX, dynamic: false, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-never-the-server-packages",
      comment:
        "The web app never imports the server's packages: the kit, the processor interfaces, the sandbox.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^packages/(kit|processors|sandbox)/" },
    },
    {
      name: "web-sandbox-only-from-its-routes",
      comment:
        "The web app's sandbox forms are loaded by the Add Card, Add payout card and checkout routes and the bank's check alone, when the server names the sandbox.",
      severity: "error",
      from: { path: "^apps/web/src/", pathNot: [WEB_SANDBOX, ...WEB_SANDBOX_DOORS] },
      to: { path: WEB_SANDBOX },
    },
    {
      name: "web-sandbox-only-dynamic",
      comment: "The web app's sandbox is reached with import() alone, so it stays out of the entry chunk.",
      severity: "error",
      from: { path: "^apps/web/src/", pathNot: WEB_SANDBOX },
      to: { path: WEB_SANDBOX, dynamic: false },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|/src/test/" },
    tsPreCompilationDeps: true,
    // The workspace packages (@mx/shared, @mx/kit, …) resolve through their `exports` to their sources, so their files are in
    // the graph too.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
      extensions: [".ts", ".tsx", ".js"],
    },
  },
};
