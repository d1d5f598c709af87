import { defineConfig } from "drizzle-kit";

/** The sandbox processors' tables: their own PostgreSQL schema, their own migrations (`npm run db:generate:sandbox`). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/server/src/modules/sandbox/schema/index.ts",
  out: "./apps/server/src/modules/sandbox/migrations",
  schemaFilter: ["sandbox"],
});
