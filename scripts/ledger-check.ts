/**
 * `npm run ledger:check`: verifies every ledger invariant over the whole database, then compares the payment
 * processor's records with ours (the sandbox's tables, or Stripe's list API over the last `--days` days, default
 * 30). Prints each difference and exits 1 if there is any.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../apps/server/src/config";
import { createGateway, sandboxDatabaseOf } from "../apps/server/src/create-gateway";
import { openDatabase } from "../apps/server/src/db/client";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";
import { reconcileWithProcessor } from "../apps/server/src/modules/money/reconcile-processor";

const { values } = parseArgs({ options: { days: { type: "string" } } });
const config = loadConfig();
const database = await openDatabase(config.database);
const sandbox = sandboxDatabaseOf(config, database);
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
  const gateway = await createGateway(config, database, sandbox);
  const now = new Date();
  const days = values.days ? Number(values.days) : gateway.kind === "sandbox" ? null : 30;
  const createdFrom = days === null ? new Date(0) : new Date(now.getTime() - days * 86_400_000);
  const differences = await reconcileWithProcessor(database.db, gateway, { createdFrom, createdTo: now });
  const scope = days === null ? "all its records" : `the last ${days} day(s)`;
  if (differences.length === 0) {
    console.log(`The processor (${gateway.kind}, ${scope}) agrees with our records to the cent.`);
  } else {
    console.error(
      `The processor (${gateway.kind}, ${scope}) and our records differ in ${differences.length} place(s):\n${differences.map((d) => `  - ${d}`).join("\n")}`,
    );
    process.exitCode = 1;
  }
} finally {
  await sandbox.close();
  await database.close();
}
