import { api } from "@mx/shared/routes";
import { PushPublicKeyData } from "@mx/shared/schemas/live";
import { apiRequest } from "../../../lib/api-client";

/*
 * Web Push for this browser: permission, the service worker's push subscription, and telling the server about it.
 */

export type PushState =
  /** No service worker or Push API here (or the app runs from the dev server, which has no service worker). */
  | "unsupported"
  /** The player blocked notifications for the site; only the browser's settings can undo it. */
  | "blocked"
  | "off"
  | "on";

const READY_TIMEOUT_MS = 10_000;

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) return null;
  // An installing worker becomes active shortly; wait for it, but not forever.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => window.setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = window.atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Where this browser stands now. A subscription the server may have lost is sent to it again. */
export async function getPushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted") return "off";
  await apiRequest(api.pushSubscribe, { method: "POST", body: subscription.toJSON(), auth: true });
  return "on";
}

/** Asks for permission, subscribes through the service worker with the server's key, and registers it. */
export async function enablePush(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const { data } = await apiRequest(api.pushPublicKey, { schema: PushPublicKeyData });
  const key = keyBytes(data.publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // Subscribed with another key (the server's keys changed): start over with the current one.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiRequest(api.pushSubscribe, { method: "POST", body: subscription.toJSON(), auth: true });
  return "on";
}

export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return "unsupported";
  const subscription = await reg.pushManager.getSubscription();
  if (subscription) {
    await apiRequest(api.pushUnsubscribe, {
      method: "POST",
      body: { endpoint: subscription.endpoint },
      auth: true,
    });
    await subscription.unsubscribe();
  }
  return "off";
}
