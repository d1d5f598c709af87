import { API_BASE } from "@mx/shared/routes";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./deps";
import { alertRoutes } from "./modules/alerts/routes";
import { authRoutes } from "./modules/auth/routes";
import { bidRoutes } from "./modules/bids/routes";
import { buildingRoutes } from "./modules/buildings/routes";
import { collectionRoutes } from "./modules/collections/routes";
import { developmentRoutes } from "./modules/developments/routes";
import { liveRoutes } from "./modules/live/routes";
import { devMailboxRoutes } from "./modules/mail/dev-mailbox-routes";
import { mapRoutes } from "./modules/map/routes";
import { MapTiles } from "./modules/map/tiles";
import { marketRoutes } from "./modules/market/routes";
import { offerwallRoutes } from "./modules/offerwall/routes";
import { devOpsRoutes } from "./modules/ops/dev-ops-routes";
import { opsRoutes } from "./modules/ops/routes";
import { otpRoutes } from "./modules/otp/routes";
import { paypalApiOf } from "./modules/payments/paypal-gateway";
import { paymentRoutes } from "./modules/payments/routes";
import { payoutRoutes } from "./modules/payouts/routes";
import { playerRoutes } from "./modules/players/routes";
import { propertyRoutes } from "./modules/properties/routes";
import { reportRoutes } from "./modules/reports/routes";
import { devOrdersRoutes } from "./modules/shop/dev-orders-routes";
import { shopRoutes } from "./modules/shop/routes";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/users/routes";
import { watchlistRoutes } from "./modules/watchlist/routes";
import { paypalWebhookRoutes } from "./modules/webhooks/paypal-webhook-routes";
import { stripeWebhookRoutes } from "./modules/webhooks/stripe-webhook-routes";

/** The API's routes, under API_BASE; the payment processors' webhooks only for the processors configured. */
async function registerApiRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  await app.register(
    async (api) => {
      await api.register(otpRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(propertyRoutes);
      await api.register(developmentRoutes);
      await api.register(bidRoutes);
      await api.register(buildingRoutes);
      await api.register(paymentRoutes);
      await api.register(payoutRoutes);
      await api.register(shopRoutes);
      await api.register(offerwallRoutes);
      await api.register(marketRoutes);
      await api.register(reportRoutes);
      await api.register(watchlistRoutes);
      await api.register(alertRoutes);
      await api.register(playerRoutes);
      await api.register(collectionRoutes);
      await api.register(opsRoutes);
      if (config.stripe) await api.register(stripeWebhookRoutes);
      const paypalApi = paypalApiOf(deps.gateway);
      if (paypalApi?.kind === "paypal" && config.paypal?.webhookId) {
        await api.register(paypalWebhookRoutes(paypalApi, config.paypal.webhookId));
      }
    },
    { prefix: API_BASE },
  );
}

/**
 * Every route of the app: the health checks, the API, the map (its tiles decorated on the app as `mapTiles`), the
 * live channel, and the dev mailbox's and dev tools' off production (the sandboxes' are app.ts's).
 */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  await app.register(systemRoutes);
  await registerApiRoutes(app, deps);
  const mapTiles = new MapTiles(deps.database.db, {
    mapDataDir: config.mapDataDir,
    islandFile: config.islandFile,
  });
  app.decorate("mapTiles", mapTiles);
  await app.register(mapRoutes(mapTiles));
  await app.register(liveRoutes);
  if (deps.mailer.kind === "dev-mailbox" && !config.isProduction) {
    await app.register(devMailboxRoutes);
    await app.register(devOrdersRoutes);
    await app.register(devOpsRoutes);
  }
}
