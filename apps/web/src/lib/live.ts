import { API_BASE } from "@mx/shared/routes";
import type { Activity, LiveServerMessage, PublicEvent } from "@mx/shared/schemas/live";
import { getToken } from "./session";

/*
 * The live channel: one WebSocket per tab, shared by whatever on the page listens. It signs in with the stored token
 * as its first message, reconnects with exponential backoff and jitter, and tells listeners when it has
 * (re)connected so they refetch what they may have missed. Framework-free: the map page uses it without React Query.
 */

export type LiveStatus = "connecting" | "open" | "closed";

interface LiveListener {
  onEvent?: (event: PublicEvent) => void;
  onActivity?: (activity: Activity) => void;
  /** A building the player watches changed, with no feed entry to say so (they switched that alert off). */
  onWatched?: (buildingId: string) => void;
  /**
   * The channel is (back) up after a gap in which events may have been missed: refetch. Not called for the very
   * first connection of the page, whose data was just fetched.
   */
  onResync?: () => void;
  onStatus?: (status: LiveStatus) => void;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** A quiet socket is asked for a pong this often; no answer in PONG_TIMEOUT_MS means it is dead. */
const PING_EVERY_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;
/** Close codes after which retrying with the same token is pointless. */
const UNAUTHORIZED = 4401;

function liveUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${API_BASE}/live`;
}

class LiveConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<LiveListener>();
  private status: LiveStatus = "closed";
  private attempt = 0;
  private everOpen = false;
  private retryTimer: number | undefined;
  private pingTimer: number | undefined;
  private pongTimer: number | undefined;

  /** Starts the connection with the first listener; closes it when the last one leaves. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    listener.onStatus?.(this.status);
    if (this.listeners.size === 1) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.disconnect();
    };
  }

  get currentStatus(): LiveStatus {
    return this.status;
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    document.documentElement.dataset.live = status;
    for (const l of this.listeners) l.onStatus?.(status);
  }

  private connect() {
    window.clearTimeout(this.retryTimer);
    const token = getToken();
    if (!token || this.socket) return;
    this.setStatus("connecting");
    let socket: WebSocket;
    try {
      socket = new WebSocket(liveUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "auth", token })));
    socket.addEventListener("message", (e) => this.receive(socket, e.data));
    socket.addEventListener("close", (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPings();
      this.setStatus("closed");
      if (this.listeners.size === 0) return;
      // A refused token waits for the slowest retry: the page's own calls will end the session if it is over.
      this.scheduleRetry(e.code === UNAUTHORIZED);
    });
  }

  private receive(socket: WebSocket, data: unknown) {
    if (typeof data !== "string") return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(data) as LiveServerMessage;
    } catch {
      return;
    }
    this.armPing(socket);
    switch (message.type) {
      case "ready": {
        const gap = this.everOpen;
        this.everOpen = true;
        this.attempt = 0;
        this.setStatus("open");
        if (gap) for (const l of this.listeners) l.onResync?.();
        return;
      }
      case "event":
        for (const l of this.listeners) l.onEvent?.(message.event);
        return;
      case "activity":
        for (const l of this.listeners) l.onActivity?.(message.activity);
        return;
      case "watched":
        for (const l of this.listeners) l.onWatched?.(message.buildingId);
        return;
      case "resync":
        for (const l of this.listeners) l.onResync?.();
        return;
      case "pong":
        return;
    }
  }

  /** After any message, waits PING_EVERY_MS of silence, then pings; a socket that stays silent is dropped. */
  private armPing(socket: WebSocket) {
    this.stopPings();
    this.pingTimer = window.setTimeout(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: "ping" }));
      this.pongTimer = window.setTimeout(() => socket.close(4000, "No pong"), PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  }

  private stopPings() {
    window.clearTimeout(this.pingTimer);
    window.clearTimeout(this.pongTimer);
  }

  /** Waits between half and all of base·2^attempt (capped at 30 s), at random, so a restarted server is not stampeded. */
  private scheduleRetry(slowest = false) {
    window.clearTimeout(this.retryTimer);
    const ceiling = slowest ? BACKOFF_MAX_MS : Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    this.attempt += 1;
    const delay = slowest ? ceiling : ceiling / 2 + Math.random() * (ceiling / 2);
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }

  private disconnect() {
    window.clearTimeout(this.retryTimer);
    this.stopPings();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "Done");
    this.setStatus("closed");
  }

  /** Back online or back in view with no socket: try now instead of waiting out the backoff. */
  wake() {
    if (this.listeners.size > 0 && !this.socket) {
      this.attempt = 0;
      this.connect();
    }
  }
}

/** This tab's live channel. */
export const live = new LiveConnection();

if (typeof window !== "undefined") {
  window.addEventListener("online", () => live.wake());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") live.wake();
  });
}
