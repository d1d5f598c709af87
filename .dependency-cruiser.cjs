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
 * - the sandbox has two sides: its server side (`packages/sandbox/src`) and its web forms (`packages/sandbox/web`,
 *   `@mx/sandbox/web/*`), the stand-ins for Stripe's forms and the bank's page. The forms run in the browser: they
 *   use `@mx/shared` and what the web app hands them, never the sandbox's server side, the kit or the processor
 *   interfaces; and neither the server nor the sandbox's server side imports them. Both sides, and the app's wiring,
 *   may import the sandbox's API (`packages/sandbox/src/api.ts`: its paths and schemas), which runs in the browser too;
 * The server's:
 * - no cycles between the folders of `apps/server/src/modules`: each module may use the ones below it, and none
 *   uses one that uses it back (webhooks and app.ts sit on top and are imported by nothing);
 * - no cycles between files of the server or of a package.
 * The web app's:
 * - a feature (`apps/web/src/features/<name>`) never imports another: what two share lives in `components/` or `lib/`;
 * - it never imports the server's packages (kit, processors, the sandbox's server side); of the sandbox it imports
 *   the web forms alone;
 * - the sandbox's web forms and the app's wiring of them (`apps/web/src/sandbox`, which hands them the app's
 *   components, calls and copy) are loaded with `import()` by the three routes that show a card form (Add Card, Add
 *   payout card, the shop's checkout) and by the bank's check, only when the server names the sandbox; the wiring
 *   imports the forms as it likes, being itself reached only that way. A static import anywhere else would put them
 *   in the entry chunk.
 * Tests (`*.test.ts`, `src/test/`) are left out: a test of the server may set up the sandbox's records.
 * `.dependency-cruiser-known-violations.json` lists violations that cannot be undone at once: one listed there is
 * reported only if it grows. The list is empty: every rule holds on the whole workspace, and it is meant to stay so.
 */
const MODULE = "^apps/server/src/modules/[^/]+$";
const SANDBOX = "^packages/sandbox/";
/** The sandbox's web forms (`@mx/sandbox/web/*`). */
const SANDBOX_WEB = "^packages/sandbox/web/";
/** The sandbox's API (its paths and schemas): used by both its sides, so it runs in the browser too. */
const SANDBOX_API = "^packages/sandbox/src/api\\.ts$";
/** The web app's wiring of them. */
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
      from: { path: "^(apps/server/src|packages/[^/]+/(src|web))/" },
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
      from: { path: "^apps/server/", pathNot: "^apps/server/src/(app|create-gateway)\\.ts$" },
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
      name: "sandbox-web-in-the-browser",
      comment:
        "The sandbox's web forms run in the browser: they use @mx/shared and what the web app hands them, never the sandbox's server side, the kit or the processor interfaces.",
      severity: "error",
      from: { path: [SANDBOX_WEB, SANDBOX_API] },
      to: { path: ["^packages/(kit|processors)/", SANDBOX], pathNot: [SANDBOX_WEB, SANDBOX_API] },
    },
    {
      name: "sandbox-web-only-for-the-web",
      comment: "Neither the server nor the sandbox's server side imports the sandbox's web forms.",
      severity: "error",
      from: { path: ["^apps/server/", SANDBOX], pathNot: SANDBOX_WEB },
      to: { path: SANDBOX_WEB },
    },
    {
      name: "web-never-the-server-packages",
      comment:
        "The web app never imports the server's packages: the kit, the processor interfaces, the sandbox's server side. Of the sandbox it loads the web forms alone.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^packages/(kit|processors|sandbox)/", pathNot: [SANDBOX_WEB, SANDBOX_API] },
    },
    {
      name: "web-features-apart",
      comment:
        "A web feature never imports another: what two features share lives in components/ or lib/, so each can change alone.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/([^/]+)/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-sandbox-only-from-its-routes",
      comment:
        "The sandbox's web forms and the app's wiring of them are loaded by the Add Card, Add payout card and checkout routes and the bank's check alone, when the server names the sandbox.",
      severity: "error",
      from: { path: "^apps/web/src/", pathNot: [WEB_SANDBOX, ...WEB_SANDBOX_DOORS] },
      to: { path: [WEB_SANDBOX, SANDBOX_WEB, SANDBOX_API] },
    },
    {
      name: "web-sandbox-only-dynamic",
      comment:
        "The sandbox's web forms and the app's wiring of them are reached with import() alone (the wiring imports the forms as it likes), so they stay out of the entry chunk.",
      severity: "error",
      from: { path: "^apps/web/src/", pathNot: WEB_SANDBOX },
      to: { path: [WEB_SANDBOX, SANDBOX_WEB], dynamic: false },
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
