import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { sweepBids } from "./modules/bids/release-holds";
import { ensureCatalogue } from "./modules/buildings/ensure-catalogue";
import { hasPlayers, seedDemo } from "./modules/demo/seed-demo";
import { runAutomaticPayouts } from "./modules/payouts/automatic-payouts";
import { settlePayouts } from "./modules/payouts/settle-payouts";
import { reconcilePurchases } from "./modules/properties/reconcile-purchases";
import { recoverShopOrders } from "./modules/shop/recover-orders";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureCatalogue(database.db, config.mapDataDir, app.log);
  if (!config.isProduction && !(await hasPlayers(database.db))) {
    const seeded = await seedDemo(database.db);
    if (seeded.players)
      app.log.info(`Seeded ${seeded.players} demo players owning ${seeded.buildings} buildings.`);
  }

  // Interrupted purchases are settled at start and every minute after: a charge without ownership is refunded.
  const reconcile = () =>
    reconcilePurchases(app.deps).then(
      (n) => n > 0 && app.log.warn(`Settled ${n} interrupted purchase(s)`),
      (error: unknown) => app.log.error({ err: error }, "reconciling purchases failed"),
    );
  // Pending bids expire after 7 days; holds still owed to bidders are released.
  const sweep = () =>
    sweepBids(app.deps).then(
      ({ expired }) => expired > 0 && app.log.info(`Expired ${expired} bid(s)`),
      (error: unknown) => app.log.error({ err: error }, "sweeping bids failed"),
    );
  // Shop checkouts paid at the processor whose order was never written get it.
  const shop = () =>
    recoverShopOrders(app.deps).then(
      (n) => n > 0 && app.log.warn(`Recovered ${n} shop order(s)`),
      (error: unknown) => app.log.error({ err: error }, "recovering shop orders failed"),
    );
  void reconcile().then(sweep).then(shop);
  const reconciler = setInterval(() => void reconcile().then(sweep).then(shop), 60_000);
  reconciler.unref();

  // Payouts that landed or failed are brought up to date every minute, and interrupted ones sent again. Players
  // with automatic payouts get their whole balance paid out daily: checked hourly, at most one payout a day each.
  const settle = () =>
    settlePayouts(app.deps).then(
      ({ settled, retried }) =>
        settled + retried > 0 && app.log.info(`Settled ${settled}, resent ${retried} payout(s)`),
      (error: unknown) => app.log.error({ err: error }, "settling payouts failed"),
    );
  const payDaily = () =>
    runAutomaticPayouts(app.deps).then(
      ({ paid }) => paid > 0 && app.log.info(`Made ${paid} automatic payout(s)`),
      (error: unknown) => app.log.error({ err: error }, "automatic payouts failed"),
    );
  void settle().then(payDaily);
  const payoutSettler = setInterval(() => void settle(), 60_000);
  payoutSettler.unref();
  const dailyPayouts = setInterval(() => void payDaily(), 60 * 60_000);
  dailyPayouts.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(reconciler);
    clearInterval(payoutSettler);
    clearInterval(dailyPayouts);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === "postgres" ? "PostgreSQL" : (config.database.dataDir ?? "in memory");
  const mail =
    app.deps.mailer.kind === "dev-mailbox" ? `dev mailbox at ${config.publicUrl}/dev/mailbox` : "SMTP";
  console.log(
    `\n  Manhattan Exchange is running at ${config.publicUrl}\n  database: ${where} · mail: ${mail} · API docs: ${config.publicUrl}/api/docs\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
