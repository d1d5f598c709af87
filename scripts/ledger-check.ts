/** `npm run ledger:check`: verifies every ledger invariant over the whole database; exits 1 on any breach. */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";

const database = await openDatabase(loadConfig().database);
try {
  await database.migrate();
  const problems = await checkLedger(database.db);
  if (problems.length === 0) {
    console.log("The ledger is balanced: every journal sums to zero and no earnings account is below zero.");
  } else {
    console.error(
      `The ledger has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
