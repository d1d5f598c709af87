/**
 * The module rules, checked by `npm run lint` (dependency-cruiser). The server's:
 * - no cycles between the folders of `apps/server/src/modules`: each module may use the ones below it, and none
 *   uses one that uses it back (webhooks, the sandbox and app.ts sit on top and are imported by nothing);
 * - no cycles between files of the server;
 * - the processor sandbox (`modules/sandbox`) is loaded by app.ts (its routes) and create-gateway.ts (its processors)
 *   alone, and only when it is the chosen processor: no product module imports it;
 * - the sandbox stands where Stripe, PayPal and an offer-wall partner stand: it uses the processor interfaces
 *   (`modules/payments`), the offer wall's partner contract (`modules/offerwall`) and the sign-in guard
 *   (`modules/auth`), and tells the platform what happened through the notices app.ts hands it, as Stripe's webhooks
 *   would; it never reaches the modules that act on money, orders or payouts, nor the product's tables.
 * The web app's:
 * - its processor sandbox (`apps/web/src/sandbox`, the stand-ins for Stripe's forms and the bank's page) is loaded
 *   with `import()` by the three routes that show a card form (Add Card, Add payout card, the shop's checkout) and by
 *   the bank's check, only when the server names the sandbox: a static import anywhere would put it in the entry
 *   chunk.
 * `.dependency-cruiser-known-violations.json` lists violations that cannot be undone at once: one listed there is
 * reported only if it grows. The list is empty: every rule holds on the whole server and web app, and it is meant to
 * stay so.
 */
const MODULE = "^apps/server/src/modules/[^/]+$";
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
      comment: "Files of the server never import one another in a circle.",
      severity: "error",
      from: { path: "^apps/server/src/" },
      to: { circular: true },
    },
    {
      name: "sandbox-only-from-app",
      comment:
        "The sandbox is loaded by app.ts (its routes) and create-gateway.ts (its processors) only when it is the chosen processor.",
      severity: "error",
      from: {
        path: "^apps/server/src/",
        pathNot: ["^apps/server/src/(app|create-gateway)\\.ts$", "^apps/server/src/modules/sandbox/"],
      },
      to: { path: "^apps/server/src/modules/sandbox/" },
    },
    {
      name: "sandbox-only-through-interfaces",
      comment:
        "The sandbox reaches the product as a processor does: through the payment interfaces, the offer wall's partner contract and the notices it is handed; never the money, shop or payout modules, nor the product's tables.",
      severity: "error",
      from: { path: "^apps/server/src/modules/sandbox/" },
      to: {
        path: ["^apps/server/src/modules/", "^apps/server/src/db/schema/"],
        pathNot: "^apps/server/src/modules/(sandbox|payments|offerwall|auth)/",
      },
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
    // The workspace packages (@mx/shared) resolve through their `exports` to their sources, so their files are in
    // the graph too.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
      extensions: [".ts", ".tsx", ".js"],
    },
  },
};
