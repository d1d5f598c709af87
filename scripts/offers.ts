/**
 * `npm run offers -- <command>`: the offer wall for an operator. With the embedded database, stop the server first
 * (PGlite has one user at a time).
 *   postbacks [n]   the latest partner postbacks, accepted or refused, newest first (default 50)
 *   players [n]     per-player totals: offers, credits given and taken back, balance, debt (default 100)
 */
import { formatCents } from "@mx/shared/money";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { listPostbacks, offerwallPlayers } from "../apps/server/src/modules/offerwall/handle-postback";

const [command, count] = process.argv.slice(2);
const limit = Math.min(Math.max(Number(count) || 0, 1), 10_000);
const database = await openDatabase(loadConfig().database);
try {
  await database.migrate();
  if (command === "postbacks") {
    const rows = await listPostbacks(database, count ? limit : 50);
    if (rows.length === 0) console.log("No postbacks yet.");
    for (const p of rows) {
      const amount = p.amountCents === null ? "" : `  ${formatCents(p.amountCents)}`;
      console.log(
        `${p.createdAt.toISOString()}  ${p.provider.padEnd(10)} ${p.outcome.padEnd(9)} ${p.transactionId ?? "-"}` +
          `${amount}  user ${p.userId ?? "-"}  from ${p.ip ?? "-"}${p.reason ? `\n    ${p.reason}` : ""}`,
      );
    }
  } else if (command === "players") {
    const rows = await offerwallPlayers(database, count ? limit : 100);
    if (rows.length === 0) console.log("No player has completed an offer yet.");
    else
      console.log(
        "player                                user name             offers   credited   reversed    balance       debt",
      );
    for (const r of rows) {
      console.log(
        `${r.user_id}  ${(r.user_name ?? "(deleted)").padEnd(20)} ${String(r.offers).padStart(6)} ` +
          [r.credited_cents, r.reversed_cents, r.balance_cents, r.debt_cents]
            .map((c) => formatCents(c).padStart(10))
            .join(" "),
      );
    }
  } else {
    console.error("Usage: npm run offers -- postbacks [n] | players [n]");
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
