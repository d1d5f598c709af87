import { defineConfig } from "drizzle-kit";

/** The sandbox processors' tables: their own PostgreSQL schema, their own migrations (`npm run db:generate:sandbox`). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/sandbox/src/schema/index.ts",
  out: "./packages/sandbox/src/migrations",
  schemaFilter: ["sandbox"],
});
