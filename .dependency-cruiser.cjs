/**
 * The server's module rules, checked by `npm run lint` (dependency-cruiser):
 * - no cycles between the folders of `apps/server/src/modules`: each module may use the ones below it, and none
 *   uses one that uses it back (webhooks, the sandbox and app.ts sit on top and are imported by nothing);
 * - no cycles between files of the server;
 * - the processor sandbox (`modules/sandbox`) is loaded by app.ts (its routes) and create-gateway.ts (its processors)
 *   alone, and only when it is the chosen processor: no product module imports it.
 * `.dependency-cruiser-known-violations.json` lists violations that cannot be undone at once: one listed there is
 * reported only if it grows. The list is empty: every rule holds on the whole server, and it is meant to stay so.
 */
const MODULE = "^apps/server/src/modules/[^/]+$";

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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$|/src/test/" },
    tsPreCompilationDeps: true,
  },
};
