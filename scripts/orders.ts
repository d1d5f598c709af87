/**
 * `npm run orders -- <command>`: the shop's orders for an operator. With the embedded database, stop the server first
 * (PGlite has one user at a time).
 *   list [n]                                       paid orders waiting to ship, oldest first (default: the command)
 *   ship <order> --carrier <c> --tracking <number> marks one shipped and e-mails the customer (SMTP_URL, or the dev
 *                                                  mailbox without it)
 */
import pino from "pino";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { devMailboxMailer, smtpMailer, withSupportAddress } from "../apps/server/src/modules/mail/mailer";
import { runOrdersCommand } from "../apps/server/src/modules/shop/orders-command";

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const mailer = withSupportAddress(
    config.mail.smtpUrl
      ? smtpMailer(config.mail.smtpUrl, config.mail.from)
      : devMailboxMailer(database.db, pino({ level: "silent" })),
    config.supportEmail,
  );
  process.exitCode = await runOrdersCommand({ db: database.db, mailer }, process.argv.slice(2), (line) =>
    console.log(line),
  );
} finally {
  await database.close();
}
