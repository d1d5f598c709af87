import type { LiveServerMessage } from "@mx/shared/schemas/live";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";

export type LiveProbe = {
  socket: WebSocket;
  messages: LiveServerMessage[];
  /** The first message (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  next<T extends LiveServerMessage>(match: (m: LiveServerMessage) => m is T, timeoutMs?: number): Promise<T>;
  next(match: (m: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): void;
};

/** A live socket to the app (no network: fastify's injectWS), signed in with `token` unless it is null. */
export async function openLive(app: FastifyInstance, token: string | null): Promise<LiveProbe> {
  // The injected request has no network socket; rate limiting still wants a client address.
  const socket = await app.injectWS("/api/v1/live", {
    socket: { remoteAddress: "127.0.0.1" },
  } as unknown as Parameters<FastifyInstance["injectWS"]>[1]);
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (raw) => {
    messages.push(JSON.parse(raw.toString()) as LiveServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const next = (match: (m: LiveServerMessage) => boolean, timeoutMs = 3000) =>
    new Promise<LiveServerMessage>((resolve, reject) => {
      const look = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no matching live message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      if (!look()) waiters.add(look);
    });
  if (token !== null) socket.send(JSON.stringify({ type: "auth", token }));
  return { socket, messages, next: next as LiveProbe["next"], closed, close: () => socket.terminate() };
}

export const isType =
  <K extends LiveServerMessage["type"]>(type: K) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: K }> =>
    m.type === type;
