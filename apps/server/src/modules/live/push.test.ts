import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PushMessage } from "@mx/shared/schemas/live";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activities, pushSubscriptions } from "../../db/schema/live";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { eventually, makeDue, outboxRows, sweepOutbox } from "../../test/outbox";
import { recordActivity } from "../events/publish";
import { deliverOutboxMessage } from "../outbox/deliver";
import { vapidKeys, WebPushSender } from "./push";

/*
 * A push service of our own for the test: it takes what the server sends as a real push service would, and
 * decrypts it as the browser would — RFC 8291 (Message Encryption for Web Push) over RFC 8188 (aes128gcm) — with
 * the key pair and auth secret the "browser" made here. It also checks the VAPID signature (RFC 8292).
 */

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

/** RFC 8291 §3 and RFC 8188 §2: one record, padded with a 0x02 delimiter. */
function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`; the JWT names the push service's origin. */
function checkVapid(header: string | undefined, audience: string, publicKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  expect(match, `Authorization: ${header}`).not.toBeNull();
  const [, jwt = "", k = ""] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = "", claims = "", signature = ""] = jwt.split(".");
  expect(JSON.parse(Buffer.from(head, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const body = JSON.parse(Buffer.from(claims, "base64url").toString());
  expect(body.aud).toBe(audience);
  expect(body.sub).toMatch(/^mailto:/);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(valid).toBe(true);
}

let t: TestApp;
let pushService: Server;
let origin: string;
let received: Received[] = [];
/** What the push service answers next (201 Created, as real ones do), unless `answers` names the path. */
let answer = 201;
const answers = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? "") ?? answer).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = 201;
  answers.clear();
});

/** The outbox's push messages for one activity. */
const pushesOf = async (activityId: string) =>
  (await outboxRows(t.app.deps.db)).filter(
    (row) => row.kind === "push" && (row.payload as { activityId?: string }).activityId === activityId,
  );

/** Subscribes another browser of the player. */
async function addBrowser(token: string) {
  const browser = browserKeys();
  const endpoint = `${origin}/push/${randomBytes(6).toString("hex")}`;
  const res = await t.call("POST", "/api/v1/users/push/subscribe", {
    token,
    body: { endpoint, expirationTime: null, keys: browser.keys },
  });
  expect(res.statusCode).toBe(200);
  return { ...browser, endpoint };
}

async function subscribedPlayer() {
  const player = await signUp(t);
  const browser = browserKeys();
  const endpoint = `${origin}/push/${randomBytes(6).toString("hex")}`;
  const res = await t.call("POST", "/api/v1/users/push/subscribe", {
    token: player.token,
    body: { endpoint, expirationTime: null, keys: browser.keys },
  });
  expect(res.statusCode).toBe(200);
  return { ...player, ...browser, endpoint };
}

const bidPayload = {
  bidId: "0d5c1f4e-4a43-4c55-8a7c-1c6a9d1b2e33",
  buildingId: "way/1",
  propertyName: "Test Tower",
  bidAmount: 2500,
};

describe("Web Push", () => {
  it("publishes the VAPID public key browsers subscribe with", async () => {
    const res = await t.call("GET", "/api/v1/push/public-key");
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().data.publicKey, "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it("pushes 'bid received' once the transaction commits, encrypted so only the browser can read it", async () => {
    const owner = await subscribedPlayer();
    const { publicKey } = (await t.call("GET", "/api/v1/push/public-key")).json().data;
    await t.app.deps.db.transaction(async (tx) => {
      await recordActivity(tx, owner.userId, "bid.received", { ...bidPayload, bidderName: "Grace Hopper" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Nothing leaves before the commit.
      expect(received).toHaveLength(0);
    });
    await t.app.live.push.idle();
    await expect.poll(() => received.length).toBe(1);
    const [push] = received;
    expect(push?.path).toBe(new URL(owner.endpoint).pathname);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push?.headers.authorization, origin, publicKey);
    const message = JSON.parse(
      decryptPush(push?.body ?? Buffer.alloc(0), owner.ecdh, owner.auth),
    ) as PushMessage;
    expect(message).toEqual({
      title: "Bid received",
      body: "Grace Hopper bid $2,500.00 on Test Tower.",
      url: expect.stringMatching(/^\/bids\?tab=sell&bid=/),
      tag: "bid.received",
      activityId: expect.any(String),
      type: "bid.received",
    });
  });

  it("pushes bid accepted, outbid and payout paid, and keeps the other events to the feed", async () => {
    const player = await subscribedPlayer();
    const db = t.app.deps.db;
    await recordActivity(db, player.userId, "bid.accepted", bidPayload);
    await recordActivity(db, player.userId, "bid.outbid", { ...bidPayload, newBidAmount: 2600 });
    await recordActivity(db, player.userId, "payout.paid", {
      payoutId: "po_1",
      amount: 120.5,
      instant: true,
    });
    await recordActivity(db, player.userId, "bid.declined", bidPayload);
    await recordActivity(db, player.userId, "payout.failed", {
      payoutId: "po_2",
      amount: 3,
      instant: false,
      reason: null,
    });
    await expect.poll(() => received.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.live.push.idle();
    const titles = received
      .map((r) => JSON.parse(decryptPush(r.body, player.ecdh, player.auth)).title)
      .sort();
    expect(titles).toEqual(["Bid accepted", "Payout paid", "You have been outbid"]);
  });

  it("sends each push once even when several instances hear the commit", async () => {
    const player = await subscribedPlayer();
    const activity = await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_3",
      amount: 10,
      instant: false,
    });
    // On PostgreSQL the commit reaches this instance's listener a moment later: wait for its push first.
    await expect.poll(() => received.length).toBe(1);
    await t.app.live.push.idle();
    // Another instance claiming the same activity finds it taken.
    expect(await t.app.live.push.deliver(activity.id)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it("forgets a subscription the push service says is gone", async () => {
    const player = await subscribedPlayer();
    answer = 410;
    await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_4",
      amount: 1,
      instant: false,
    });
    await expect.poll(() => received.length).toBe(1);
    await t.app.live.push.idle();
    const [left] = await t.app.deps.db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.userId));
    expect(left?.n).toBe(0);
    const [row] = await t.app.deps.db.select().from(activities).where(eq(activities.userId, player.userId));
    expect(row?.pushedAt).toBeInstanceOf(Date);
    // The push is done with: its message ends sent, and the sweep sends nothing again.
    const [message] = await pushesOf(row?.id ?? "");
    expect(message).toMatchObject({ state: "sent", attempts: 1, lastError: null });
    expect(message?.payload).toMatchObject({ outcome: "subscription gone" });
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it("stops pushing to a browser that unsubscribed, and only its owner can unsubscribe it", async () => {
    const player = await subscribedPlayer();
    const other = await signUp(t);
    await t.call("POST", "/api/v1/users/push/unsubscribe", {
      token: other.token,
      body: { endpoint: player.endpoint },
    });
    await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_5",
      amount: 1,
      instant: false,
    });
    await expect.poll(() => received.length).toBe(1);
    const off = await t.call("POST", "/api/v1/users/push/unsubscribe", {
      token: player.token,
      body: { endpoint: player.endpoint },
    });
    expect(off.statusCode).toBe(200);
    await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_6",
      amount: 1,
      instant: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.app.live.push.idle();
    expect(received).toHaveLength(1);
  });

  it("queues a push for each subscription only if the activity's transaction commits", async () => {
    const player = await subscribedPlayer();
    await addBrowser(player.token);
    let rolledBack = "";
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        const activity = await recordActivity(tx, player.userId, "payout.paid", {
          payoutId: "po_7",
          amount: 1,
          instant: false,
        });
        rolledBack = activity.id;
        // Written with the activity, in its transaction: one for each of the player's browsers.
        const queued = await tx
          .select({ n: count() })
          .from(outboxMessages)
          .where(sql`${outboxMessages.payload}->>'activityId' = ${activity.id}`);
        expect(queued[0]?.n).toBe(2);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await pushesOf(rolledBack)).toEqual([]);
    await sweepOutbox(t.app.deps);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.live.push.idle();
    expect(received).toHaveLength(0);

    const committed = await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_8",
      amount: 1,
      instant: false,
    });
    await expect.poll(() => received.length).toBe(2);
    await t.app.live.push.idle();
    const rows = await pushesOf(committed.id);
    expect(rows.map((r) => r.state)).toEqual(["sent", "sent"]);
    expect(rows.map((r) => (r.payload as { outcome?: string }).outcome)).toEqual(["delivered", "delivered"]);
  });

  it("keeps a push the push service failed (500, 429) in the outbox, and the sweep delivers it later, to that browser only", async () => {
    const player = await subscribedPlayer();
    const second = await addBrowser(player.token);
    answer = 500;
    const activity = await recordActivity(t.app.deps.db, player.userId, "bid.accepted", bidPayload);
    await expect.poll(() => received.length).toBe(2);
    await t.app.live.push.idle();
    const failed = await eventually(
      () => pushesOf(activity.id),
      (rows) => rows.every((r) => r.attempts === 1),
    );
    for (const row of failed) {
      expect(row).toMatchObject({ state: "queued", attempts: 1 });
      expect(row.lastError).toMatch(/answered 500/);
      expect(row.notBefore.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    expect(
      (await t.app.deps.db.select().from(activities).where(eq(activities.id, activity.id)))[0]?.pushedAt,
    ).toBeNull();

    // Not due yet: the sweep leaves them. Once due, one push service takes its push and the other is busy (429).
    await sweepOutbox(t.app.deps);
    expect(received).toHaveLength(2);
    received = [];
    const secondPath = new URL(second.endpoint).pathname;
    const firstPath = new URL(player.endpoint).pathname;
    answer = 201;
    answers.set(secondPath, 429);
    for (const row of failed) await makeDue(t.app.deps.db, row.id);
    expect(await sweepOutbox(t.app.deps)).toHaveLength(1);
    answers.clear();
    expect(received.map((r) => r.path).sort()).toEqual([firstPath, secondPath].sort());
    const afterSecondTry = await pushesOf(activity.id);
    expect(afterSecondTry.map((r) => [r.state, r.attempts]).sort()).toEqual([
      ["queued", 2],
      ["sent", 2],
    ]);
    const [delivered] = received.filter((r) => r.path === firstPath);
    expect(
      JSON.parse(decryptPush(delivered?.body ?? Buffer.alloc(0), player.ecdh, player.auth)),
    ).toMatchObject({
      title: "Bid accepted",
      activityId: activity.id,
    });
    expect(
      (await t.app.deps.db.select().from(activities).where(eq(activities.id, activity.id)))[0]?.pushedAt,
    ).toBeInstanceOf(Date);

    // Its next try reaches the second browser; the first one, reached already, is not sent it again.
    received = [];
    for (const row of afterSecondTry) await makeDue(t.app.deps.db, row.id);
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(received.map((r) => r.path)).toEqual([secondPath]);
    expect(
      JSON.parse(decryptPush(received[0]?.body ?? Buffer.alloc(0), second.ecdh, second.auth)).title,
    ).toBe("Bid accepted");
    expect((await pushesOf(activity.id)).map((r) => r.state)).toEqual(["sent", "sent"]);
  });

  it("tries a push again while its push service cannot be reached", async () => {
    const player = await signUp(t);
    const browser = browserKeys();
    // A port nothing listens on.
    const endpoint = "http://127.0.0.1:1/push/unreachable";
    const res = await t.call("POST", "/api/v1/users/push/subscribe", {
      token: player.token,
      body: { endpoint, expirationTime: null, keys: browser.keys },
    });
    expect(res.statusCode).toBe(200);
    const activity = await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_9",
      amount: 1,
      instant: false,
    });
    const [row] = await eventually(
      () => pushesOf(activity.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row?.lastError).toMatch(/unreachable/);
  });

  it("does not try again a push whose endpoint is no longer allowed", async () => {
    const player = await subscribedPlayer();
    answer = 503;
    const activity = await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
      payoutId: "po_10",
      amount: 1,
      instant: false,
    });
    const [row] = await eventually(
      () => pushesOf(activity.id),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(row).toMatchObject({ state: "queued" });
    answer = 201;
    received = [];
    await makeDue(t.app.deps.db, row?.id ?? "");
    // The rules have changed since the browser subscribed: its push service is no longer allowed.
    const strict = new WebPushSender(
      t.app.deps.db,
      vapidKeys(t.app.deps.config),
      t.app.deps.config.vapidSubject,
      t.app.log,
      { hosts: ["fcm.googleapis.com"], allowLocal: false },
    );
    expect(await deliverOutboxMessage({ ...t.app.deps, webPush: strict }, row?.id ?? "")).toBe(true);
    const [done] = await pushesOf(activity.id);
    expect(done).toMatchObject({ state: "sent", attempts: 2 });
    expect(done?.payload).toMatchObject({ outcome: "endpoint not allowed" });
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it("names what is wrong with a subscription, and asks for a sign-in", async () => {
    const player = await signUp(t);
    const bad = await t.call("POST", "/api/v1/users/push/subscribe", {
      token: player.token,
      body: { endpoint: "not a url", keys: { p256dh: "short", auth: "x" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("endpoint");
    expect(bad.json().message).toContain("keys.p256dh");
    const anonymous = await t.call("POST", "/api/v1/users/push/subscribe", {
      body: { endpoint: `${origin}/x`, keys: browserKeys().keys },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
