import { createECDH, randomBytes } from "node:crypto";
import { KNOWN_PUSH_SERVICE_HOSTS } from "@mx/shared/constants";
import { serverMessages } from "@mx/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema/live";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { checkPushEndpoint, isPublicAddress, type PushEndpointPolicy } from "./push-endpoint";

const strict: PushEndpointPolicy = { hosts: [...KNOWN_PUSH_SERVICE_HOSTS], allowLocal: false };
const keys = () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
};
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("checkPushEndpoint", () => {
  const accepted = async (endpoint: string, resolve = resolvesTo("142.250.74.106")) =>
    checkPushEndpoint(endpoint, strict, resolve).then(
      () => true,
      () => false,
    );

  it("accepts the known push services over https", async () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXk1:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGx2",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(await accepted(endpoint), endpoint).toBe(true);
    }
  });

  it("refuses http, other hosts, look-alikes and addresses in the URL", async () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://10.0.0.5:8443/push",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://evil.example.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example.com/x",
      "https://notify.windows.com.evil.example.com/x",
      "https://xnotify.windows.com/x",
      "https://user:pass@fcm.googleapis.com/x",
      "ftp://fcm.googleapis.com/x",
    ]) {
      expect(await accepted(endpoint), endpoint).toBe(false);
    }
  });

  it("refuses a known host that resolves to a private or loopback address, or does not resolve", async () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/x";
    for (const address of [
      "10.0.0.5",
      "127.0.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:10.0.0.5",
    ]) {
      expect(await accepted(endpoint, resolvesTo(address)), address).toBe(false);
    }
    expect(await accepted(endpoint, resolvesTo("142.250.74.106", "10.0.0.5"))).toBe(false);
    expect(await accepted(endpoint, resolvesTo())).toBe(false);
    expect(
      await accepted(endpoint, async () => {
        throw new Error("ENOTFOUND");
      }),
    ).toBe(false);
  });

  it("tells public addresses from the others", () => {
    expect(["8.8.8.8", "142.250.74.106", "2a00:1450:4007::200e"].every(isPublicAddress)).toBe(true);
    expect(["172.16.0.1", "100.64.0.1", "0.0.0.0", "fe80::1", "::", "not an ip"].some(isPublicAddress)).toBe(
      false,
    );
  });
});

describe("POST /api/v1/users/push/subscribe", () => {
  let t: TestApp;
  let strictApp: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Production's rules, with localhost among the allowed hosts: it resolves, to a loopback address.
    strictApp = await createTestApp({
      push: { hosts: [...KNOWN_PUSH_SERVICE_HOSTS, "localhost"], allowLocal: false },
    });
  });
  afterAll(async () => {
    await t.close();
    await strictApp.close();
  });
  const subscribe = (app: TestApp, token: string, endpoint: string, k = keys()) =>
    app.call("POST", "/api/v1/users/push/subscribe", {
      token,
      body: { endpoint, expirationTime: null, keys: k },
    });

  it("refuses endpoints that are not known push services, or resolve to a private address, and keeps nothing", async () => {
    const player = await signUp(strictApp);
    for (const endpoint of [
      "https://10.0.0.5:8443/push",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://push.example.com/x",
      "https://localhost/push",
    ]) {
      const res = await subscribe(strictApp, player.token, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(serverMessages.pushEndpointNotAllowed);
    }
    const rows = await strictApp.app.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.userId));
    expect(rows).toEqual([]);
  });

  it("a subscription belongs to one player: another cannot take it over by its address alone", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`;
    const browser = keys();
    expect((await subscribe(t, owner.token, endpoint, browser)).statusCode).toBe(200);

    const taken = await subscribe(t, other.token, endpoint);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(serverMessages.pushSubscriptionTaken);
    const ownerOf = async () =>
      (
        await t.app.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
      )[0];
    expect((await ownerOf())?.userId).toBe(owner.userId);
    expect((await ownerOf())?.auth).toBe(browser.auth);
    // Unsubscribing someone else's subscription does nothing either.
    await t.call("POST", "/api/v1/users/push/unsubscribe", { token: other.token, body: { endpoint } });
    expect((await ownerOf())?.userId).toBe(owner.userId);

    // The same browser (same keys) signed in as the other player moves it, as a shared computer does.
    expect((await subscribe(t, other.token, endpoint, browser)).statusCode).toBe(200);
    expect((await ownerOf())?.userId).toBe(other.userId);
    // The owner renews their own subscription with new keys freely.
    expect((await subscribe(t, other.token, endpoint, keys())).statusCode).toBe(200);
  });
});
