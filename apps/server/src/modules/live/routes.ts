import websocket from "@fastify/websocket";
import { ok } from "@mx/kit/reply";
import { API_BASE } from "@mx/shared/routes";
import { envelope, MessageData } from "@mx/shared/schemas/common";
import {
  ActivitiesData,
  ActivitiesQuery,
  type LiveServerMessage,
  liveCloseCodes,
  MarkReadBody,
  MarkReadData,
  PushPublicKeyData,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from "@mx/shared/schemas/live";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RawData, WebSocket } from "ws";
import { currentUser } from "../auth/plugin";
import { authenticate, tokenFromHeader } from "../auth/sessions";
import { listActivities, markActivitiesRead } from "./activities";
import { type LiveClient, LiveHub, RESTART_CLOSE_CODE } from "./hub";
import { PushDelivery, subscribePush, unsubscribePush } from "./push";
import { checkPushEndpoint } from "./push-endpoint";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's live hub (sockets, fan-out) and what sends Web Push after an activity commits. */
    live: { hub: LiveHub; push: PushDelivery };
  }
}

/** A socket must say who it is this soon after opening. */
const AUTH_TIMEOUT_MS = 10_000;
/** Messages from clients are tiny (auth, ping). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

const livePlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, database, config } = app.deps;
  const security = [{ bearer: [] }];
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

  /*
   * The live channel. Browsers cannot send headers with a WebSocket, and a token in the URL would end up in access
   * logs, so the first message authenticates: {"type":"auth","token":"…"}. Anonymous sockets are closed (4408 after
   * AUTH_TIMEOUT_MS; 4401 for a bad token). Then the server sends "ready", and events as they happen.
   */
  app.get(`${API_BASE}/live`, { websocket: true, schema: { hide: true } }, (socket: WebSocket, req) => {
    // The upgrade request's logger: the socket's lines carry its request id from opening to close.
    const log = req.log;
    let client: LiveClient | null = null;
    let authenticating = false;
    const timer = setTimeout(
      () => socket.close(liveCloseCodes.authTimeout, "Authenticate first"),
      AUTH_TIMEOUT_MS,
    );
    const reply = (message: LiveServerMessage) => socket.send(JSON.stringify(message));

    socket.on("message", async (raw: RawData) => {
      let message: { type?: unknown; token?: unknown };
      try {
        message = JSON.parse(raw.toString()) as typeof message;
      } catch {
        socket.close(1003, "Send JSON");
        return;
      }
      if (message?.type === "ping") {
        if (client) reply({ type: "pong" });
        return;
      }
      if (message?.type !== "auth" || client || authenticating) return;
      authenticating = true;
      try {
        const token = typeof message.token === "string" ? tokenFromHeader(message.token) : null;
        const auth = await authenticate(db, config.sessionSecret, token);
        clearTimeout(timer);
        if (socket.readyState !== socket.OPEN) return;
        client = { socket, userId: auth.userId, sessionId: auth.sessionId, alive: true };
        hub.add(client);
        log.debug({ userId: auth.userId }, "live socket signed in");
      } catch {
        log.info("live socket refused: bad or ended session");
        clearTimeout(timer);
        socket.close(liveCloseCodes.unauthorized, "Sign in again");
      } finally {
        authenticating = false;
      }
    });
    socket.on("close", (code: number) => {
      log.debug({ code, userId: client?.userId }, "live socket closed");
      clearTimeout(timer);
      if (client) hub.remove(client);
    });
    socket.on("error", () => {
      // A broken connection closes itself; the "close" handler tidies up.
    });
  });

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
};

/** Live events, the activity feed and Web Push; at the root, so tests and the process reach `app.live`. */
export const liveRoutes = fp(livePlugin, { name: "live" });
