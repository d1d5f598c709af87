import websocket from "@fastify/websocket";
import { ok } from "@mx/kit/reply";
import { API_BASE } from "@mx/shared/routes";
import { envelope, MessageData } from "@mx/shared/schemas/common";
import {
  ActivitiesData,
  ActivitiesQuery,
  MarkReadBody,
  MarkReadData,
  PushPublicKeyData,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from "@mx/shared/schemas/live";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/plugin";
import { listActivities, markActivitiesRead } from "./activities";
import { LiveHub, RESTART_CLOSE_CODE } from "./hub";
import { registerLiveSocket } from "./live-socket";
import { PushDelivery, subscribePush, unsubscribePush } from "./push";
import { checkPushEndpoint } from "./push-endpoint";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's live hub (sockets, fan-out) and what sends Web Push after an activity commits. */
    live: { hub: LiveHub; push: PushDelivery };
  }
}

/** Messages from clients are tiny (auth, ping). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/** The Fastify instance the live routes are registered on. */
type LiveApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

/** Makes this instance's hub and push delivery, starts and stops them with the app, and opens WebSockets. */
async function startLive(app: LiveApp) {
  const { database } = app.deps;
  const push = new PushDelivery(app.deps);
  const hub = new LiveHub({
    database,
    log: app.log,
    onPushable: (id) => push.deliverLater(id),
    // The caches hear every change announced, from any instance, and forget what it made stale.
    onWire: (message) => app.hot.apply(message),
    onResync: () => app.hot.clear(),
  });
  app.decorate("live", { hub, push });
  app.addHook("onReady", () => hub.start());
  app.addHook("onClose", async () => {
    await hub.stop();
    await push.idle();
  });

  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // On shutdown every socket is closed with 1012 (service restart): clients reconnect at once, through the
    // proxy, to an instance still up. New upgrades stop with the listener.
    preClose(done) {
      for (const socket of this.websocketServer.clients)
        socket.close(RESTART_CLOSE_CODE, "Server restarting");
      this.websocketServer.close();
      done();
    },
  });
  return hub;
}

/** The player's activity feed and marking it read. */
function registerActivityRoutes(app: LiveApp) {
  const { db } = app.deps;
  app.get(
    `${API_BASE}/users/activities`,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["activities"],
        summary: "The player's own event feed, newest first, with the unread count",
        security,
        querystring: ActivitiesQuery,
        response: { 200: envelope(ActivitiesData) },
      },
    },
    async (req) => ok(await listActivities(db, currentUser(req).userId, req.query), "Activities"),
  );

  app.post(
    `${API_BASE}/users/activities/read`,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["activities"],
        summary: "Mark the given feed entries read, or all of them when no ids are sent",
        security,
        body: MarkReadBody,
        response: { 200: envelope(MarkReadData) },
      },
    },
    async (req) => {
      const result = await markActivitiesRead(db, currentUser(req).userId, req.body?.ids);
      return ok(result, "Marked as read");
    },
  );
}

/** The VAPID public key, and subscribing a browser to Web Push or unsubscribing it. */
function registerPushRoutes(app: LiveApp) {
  const { db, config } = app.deps;
  app.get(
    `${API_BASE}/push/public-key`,
    {
      schema: {
        tags: ["push"],
        summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
        response: { 200: envelope(PushPublicKeyData) },
      },
    },
    async () => ok({ publicKey: app.deps.webPush.publicKey }, "Push public key"),
  );

  app.post(
    `${API_BASE}/users/push/subscribe`,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["push"],
        summary: "Send this browser's push notifications (bid received, bid accepted, outbid, payout paid)",
        security,
        body: PushSubscribeBody,
        response: { 200: envelope(MessageData) },
      },
    },
    async (req) => {
      await checkPushEndpoint(req.body.endpoint, config.push);
      await subscribePush(db, currentUser(req).userId, req.body);
      return ok({ message: "Push notifications are on." }, "Subscribed");
    },
  );

  app.post(
    `${API_BASE}/users/push/unsubscribe`,
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["push"],
        summary: "Stop this browser's push notifications",
        security,
        body: PushUnsubscribeBody,
        response: { 200: envelope(MessageData) },
      },
    },
    async (req) => {
      await unsubscribePush(db, currentUser(req).userId, req.body.endpoint);
      return ok({ message: "Push notifications are off." }, "Unsubscribed");
    },
  );
}

const livePlugin: FastifyPluginAsyncZod = async (app) => {
  const hub = await startLive(app);
  registerLiveSocket(app, hub);
  registerActivityRoutes(app);
  registerPushRoutes(app);
};

/** Live events, the activity feed and Web Push; at the root, so tests and the process reach `app.live`. */
export const liveRoutes = fp(livePlugin, { name: "live" });
