/** `npm run seed`: the demo players and their landmarks (never in production). */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { seedDemo } from "../apps/server/src/modules/demo/seed-demo";

const config = loadConfig();
if (config.isProduction) {
  console.error("The demo world is never seeded in production.");
  process.exit(1);
}
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const { players, buildings } = await seedDemo(database.db);
  console.log(
    players
      ? `Seeded ${players} demo players owning ${buildings} buildings.`
      : "The demo players are there already.",
  );
} finally {
  await database.close();
}
