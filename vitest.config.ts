import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to itself, which on a 2-core machine runs every file one
    // after another while the second core idles: the whole suite took 1,217 s that way and 815 s with two.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] } },
      { test: { name: "kit", root: "packages/kit", include: ["src/**/*.test.ts"] } },
      // The processor sandbox on a database of its own tables alone; its routes are tested through the server.
      {
        test: {
          name: "sandbox",
          root: "packages/sandbox",
          include: ["src/**/*.test.ts"],
          testTimeout: 30_000,
          // Each file migrates a database of its own before its tests.
          hookTimeout: 60_000,
        },
      },
      // The sandbox's web forms (@mx/sandbox/web): their card checks.
      { test: { name: "sandbox-web", root: "packages/sandbox", include: ["web/**/*.test.ts"] } },
      // The project's own tools (lint rules, scripts).
      { test: { name: "tools", root: ".", include: ["scripts/**/*.test.ts"], testTimeout: 60_000 } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"] } },
      // Component tests (Testing Library) render into a DOM.
      {
        test: {
          name: "web-components",
          root: "apps/web",
          include: ["src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["src/test/setup.ts"],
        },
      },
    ],
  },
});
