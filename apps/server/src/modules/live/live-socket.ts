import { API_BASE } from "@mx/shared/routes";
import { type LiveServerMessage, liveCloseCodes } from "@mx/shared/schemas/live";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RawData, WebSocket } from "ws";
import { authenticate, tokenFromHeader } from "../auth/sessions";
import type { LiveClient, LiveHub } from "./hub";

/** A socket must say who it is this soon after opening. */
const AUTH_TIMEOUT_MS = 10_000;

/** Registers the live channel's socket route, whose signed-in sockets join `hub`. */
export function registerLiveSocket(app: Parameters<FastifyPluginAsyncZod>[0], hub: LiveHub) {
  const { db, config } = app.deps;
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
}
