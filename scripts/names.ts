/**
 * `npm run names -- check`: every stored username, full name and building name that fails the rules names every
 * player sees are held to, listed for an operator to review; nothing is changed. Exits 1 when any fails. With the
 * embedded database, stop the server first (PGlite has one user at a time).
 */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { runNamesCommand } from "../apps/server/src/modules/users/names-command";

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  process.exitCode = await runNamesCommand(database.db, process.argv.slice(2), (line) => console.log(line));
} finally {
  await database.close();
}
