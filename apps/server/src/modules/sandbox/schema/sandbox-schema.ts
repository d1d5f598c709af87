import { pgSchema } from "drizzle-orm/pg-core";

/** The sandbox processors keep their records in a PostgreSQL schema of their own, apart from the product's. */
export const sandbox = pgSchema("sandbox");
