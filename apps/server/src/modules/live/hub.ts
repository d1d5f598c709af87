import { randomBytes } from "node:crypto";
import { type LiveServerMessage, liveCloseCodes } from "@mx/shared/schemas/live";
import { and, gt, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema/users";
import { LIVE_CHANNEL, type WireMessage } from "../events/publish";

/** A socket whose unsent data grows past this is too slow to follow: it is closed and will refetch. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Sockets one player may hold; the oldest is closed past it (tabs left open everywhere). */
const MAX_SOCKETS_PER_USER = 20;

/** WebSocket close code 1012, "service restart": the client should reconnect. */
export const RESTART_CLOSE_CODE = 1012;

export type LiveClient = { socket: WebSocket; userId: string; sessionId: string; alive: boolean };

export type HubOptions = {
  database: Database;
  log: FastifyBaseLogger;
  /** Runs after commit for an activity whose Web Push was queued in the outbox (the instances race to send it). */
  onPushable?: (activityId: string) => void;
  /** Every message heard on the live channel, and every resync (what was announced meanwhile is lost): for caches. */
  onWire?: (message: WireMessage) => void;
  onResync?: () => void;
  heartbeatMs?: number;
  sessionCheckMs?: number;
};

/**
 * One per server instance: listens on the database's live channel and hands every event to the sockets it holds,
 * public events to all, private ones to the player they concern. Pings sockets and drops the dead; closes the
 * sockets of sessions that ended (logout, password change, account deletion).
 */
export class LiveHub {
  readonly instance = randomBytes(4).toString("hex");
  private seq = 0;
  private readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private stopListening: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: HubOptions) {}

  get size(): number {
    return this.clients.size;
  }

  async start(): Promise<void> {
    this.stopListening = await this.options.database.listen(
      LIVE_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.resync(),
    );
    const heartbeat = setInterval(() => this.heartbeat(), this.options.heartbeatMs ?? 30_000);
    const sessionCheck = setInterval(() => void this.checkSessions(), this.options.sessionCheckMs ?? 60_000);
    heartbeat.unref();
    sessionCheck.unref();
    this.timers = [heartbeat, sessionCheck];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.stopListening?.();
    this.stopListening = null;
    for (const client of this.clients) client.socket.close(RESTART_CLOSE_CODE, "Server restarting");
    this.clients.clear();
    this.byUser.clear();
  }

  /** Takes an authenticated socket; tells it the current sequence number. */
  add(client: LiveClient): void {
    this.clients.add(client);
    let own = this.byUser.get(client.userId);
    if (!own) {
      own = new Set();
      this.byUser.set(client.userId, own);
    }
    own.add(client);
    if (own.size > MAX_SOCKETS_PER_USER) {
      const oldest = own.values().next().value;
      if (oldest) {
        this.remove(oldest);
        oldest.socket.close(1008, "Too many live connections");
      }
    }
    client.socket.on("pong", () => {
      client.alive = true;
    });
    this.send(
      client,
      this.encode({ type: "ready", userId: client.userId, instance: this.instance, seq: this.seq }),
    );
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
    const own = this.byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) this.byUser.delete(client.userId);
  }

  private encode(message: LiveServerMessage): Buffer {
    return Buffer.from(JSON.stringify(message));
  }

  private send(client: LiveClient, data: Buffer): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.remove(client);
      socket.close(liveCloseCodes.tooSlow, "Too slow");
      return;
    }
    socket.send(data, { binary: false });
  }

  /** One NOTIFY from the database: encoded once, sent to every socket concerned. */
  dispatch(payload: string): void {
    let message: WireMessage;
    try {
      message = JSON.parse(payload) as WireMessage;
    } catch {
      this.options.log.warn("ignored a malformed live notification");
      return;
    }
    this.options.onWire?.(message);
    if ("invalidate" in message) return;
    this.seq += 1;
    if ("event" in message) {
      const data = this.encode({ type: "event", seq: this.seq, at: message.at, event: message.event });
      for (const client of this.clients) this.send(client, data);
      return;
    }
    const own = this.byUser.get(message.to);
    if ("watched" in message) {
      const data = this.encode({
        type: "watched",
        seq: this.seq,
        at: message.at,
        buildingId: message.watched,
      });
      for (const client of own ?? []) this.send(client, data);
      return;
    }
    if (own) {
      const data = this.encode({
        type: "activity",
        seq: this.seq,
        at: message.at,
        activity: message.activity,
      });
      for (const client of own) this.send(client, data);
    }
    if (message.push) this.options.onPushable?.(message.activity.id);
  }

  /** The listener was lost for a while: every client refetches what it shows. */
  private resync(): void {
    this.options.onResync?.();
    this.seq += 1;
    const data = this.encode({ type: "resync", seq: this.seq });
    for (const client of this.clients) this.send(client, data);
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  /** Closes the sockets whose session has ended since they signed in. */
  async checkSessions(): Promise<void> {
    const ids = [...new Set([...this.clients].map((c) => c.sessionId))];
    if (ids.length === 0) return;
    const live = new Set<string>();
    try {
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await this.options.database.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              inArray(sessions.id, ids.slice(i, i + 1000)),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, new Date()),
            ),
          );
        for (const row of rows) live.add(row.id);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, "could not check live sessions");
      return;
    }
    for (const client of this.clients) {
      if (live.has(client.sessionId)) continue;
      this.remove(client);
      client.socket.close(liveCloseCodes.unauthorized, "Session ended");
    }
  }
}
