/*
 * Manhattan Exchange's service worker. The build (sw/plugin.ts) fills in VERSION and PRECACHE and writes it to
 * dist/sw.js; the server sends it with Cache-Control: no-cache, so a new build is picked up on the next visit.
 *
 * - install: precache the build's static files (hashed assets, icons, manifest, offline page) under this version;
 * - activate: drop other versions' caches, take over open pages;
 * - navigations: network first; offline, the offline page;
 * - precached files: cache first; anything under /api/, /map-data/ or /dev/ is never touched;
 * - push: show the notification the server sent; a click opens (or focuses) the page it points to.
 */

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE_PREFIX = "mx-static-";
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const OFFLINE_URL = "/offline.html";
const PRECACHED = new Set(PRECACHE);
const NEVER_CACHED = /^\/(api|map-data|dev)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
      );
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

async function cacheFirst(request) {
  const hit = await caches.match(request, { cacheName: CACHE });
  return hit ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (PRECACHED.has(url.pathname)) event.respondWith(cacheFirst(request));
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Manhattan Exchange", {
      body: message.body || "",
      icon: "/icons/icon-192.png",
      tag: message.activityId || message.tag || "mx",
      data: { url: message.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const open = windows.find((client) => "navigate" in client);
      if (open) {
        await open.navigate(target);
        return open.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
