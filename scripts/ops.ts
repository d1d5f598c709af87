/**
 * `npm run ops -- grant <email> <support|finance|admin|none>`: gives an account an operator role (the first admin is
 * made this way; then admins grant roles in the console at /ops). Written to the audit log. With the embedded
 * database, stop the server first (PGlite has one user at a time).
 */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { runOpsCommand } from "../apps/server/src/modules/ops/ops-command";

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  process.exitCode = await runOpsCommand(database.db, process.argv.slice(2), (line) => console.log(line));
} finally {
  await database.close();
}
