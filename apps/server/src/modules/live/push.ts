import { createECDH } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import { describeActivity } from "@mx/shared/activity-text";
import { serverMessages } from "@mx/shared/messages";
import type { Activity, PushMessage, PushSubscribeBody } from "@mx/shared/schemas/live";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { activities, pushSubscriptions } from "../../db/schema/live";
import { deliverSoon, type OutboxDeps, type PushTransport, queuedPushesOf } from "../outbox/deliver";
import type { QueuedPush } from "../outbox/queue-message";
import { checkPushEndpoint, type PushEndpointPolicy } from "./push-endpoint";

export type VapidKeys = { publicKey: string; privateKey: string };

/** Subscriptions one player may keep (browsers and devices); the oldest go past it. */
const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // The private key is a 32-byte number; a short one is padded back to 32 bytes.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: privateKey.toString("base64url"),
  };
}

/**
 * The VAPID keys pushes are signed with: from the environment, else generated once and kept in the data dir (so
 * browsers' subscriptions stay valid across restarts), else — with an in-memory database — for this process only.
 */
export function vapidKeys(config: Config): VapidKeys {
  if (config.vapid) return config.vapid;
  const ephemeral = config.database.kind === "pglite" && config.database.dataDir === null;
  if (ephemeral) return generateVapidKeys();
  const file = path.join(config.dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * Keeps a browser's subscription for the player. A subscription belongs to one player: another player may take it
 * over only from the same browser, which proves it by sending the same keys (the auth secret never leaves the browser
 * and this server); knowing the endpoint address is not enough (409).
 */
export async function subscribePush(db: Db, userId: string, body: PushSubscribeBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(pushSubscriptions)
      .values({
        id: newId(),
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: new Date() },
        setWhere: sql`${pushSubscriptions.userId} = ${userId} or (${pushSubscriptions.p256dh} = ${body.keys.p256dh} and ${pushSubscriptions.auth} = ${body.keys.auth})`,
      })
      .returning({ id: pushSubscriptions.id });
    if (!kept) throw new AppError("CONFLICT", serverMessages.pushSubscriptionTaken);
    const own = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.updatedAt));
    const extra = own.slice(0, Math.max(0, own.length - MAX_SUBSCRIPTIONS_PER_USER)).map((s) => s.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

/** Forgets the browser's subscription; answers whether there was one. */
export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

function pushMessageOf(activity: Activity): PushMessage {
  const { title, body, url } = describeActivity(activity);
  return { title, body, url, tag: activity.type, activityId: activity.id, type: activity.type };
}

/** What the app holds to send Web Push: the outbox's sender, and the public key browsers subscribe with. */
export type WebPush = PushTransport & { readonly publicKey: string };

/**
 * Sends one queued Web Push (an outbox message: an activity, to one subscription) for the outbox's sender. Reads the
 * activity and the subscription as they are now: one deleted since, or moved to another player's account, is not
 * sent to. A subscription the push service says is gone (404, 410) is deleted, and the push is done with; so is one
 * whose endpoint is no longer allowed, and one the push service refuses for good (another 4xx). An unreachable push
 * service, a 5xx or a 429 throws: the outbox tries the push again later.
 */
export class WebPushSender implements WebPush {
  readonly publicKey: string;

  constructor(
    private readonly db: Db,
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly log: FastifyBaseLogger,
    private readonly policy: PushEndpointPolicy = { hosts: null, allowLocal: false },
  ) {
    this.publicKey = keys.publicKey;
  }

  async send({ activityId, subscriptionId }: QueuedPush): Promise<string> {
    const [activity] = await this.db.select().from(activities).where(eq(activities.id, activityId));
    // Deleted with its player's account.
    if (!activity) return "activity gone";
    const outcome = await this.sendActivity(activity, subscriptionId);
    await this.db
      .update(activities)
      .set({ pushedAt: sql`now()` })
      .where(and(eq(activities.id, activityId), isNull(activities.pushedAt)));
    return outcome;
  }

  private async sendActivity(
    activity: typeof activities.$inferSelect,
    subscriptionId: string,
  ): Promise<string> {
    const [subscription] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!subscription || subscription.userId !== activity.userId) return "unsubscribed";
    // Checked again before each push: the host's addresses may have changed since it subscribed.
    try {
      await checkPushEndpoint(subscription.endpoint, this.policy);
    } catch {
      this.log.warn({ subscriptionId }, "push endpoint no longer allowed; not sent");
      return "endpoint not allowed";
    }
    const message = pushMessageOf({
      id: activity.id,
      type: activity.type,
      payload: activity.payload,
      createdAt: activity.createdAt.toISOString(),
      readAt: null,
    } as Activity);
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: {
          subject: this.subject,
          publicKey: this.keys.publicKey,
          privateKey: this.keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: "normal",
        contentEncoding: "aes128gcm",
      },
    );
    const host = new URL(subscription.endpoint).host;
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`push service ${host} unreachable: ${reason}`);
    }
    if (status === 404 || status === 410) {
      await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return "subscription gone";
    }
    if (status === 429 || status >= 500) throw new Error(`push service ${host} answered ${status}`);
    if (status < 200 || status >= 300) {
      // A refusal of the request itself: sending it again would be refused again.
      this.log.warn({ status, host }, "push service refused a message");
      return `refused ${status}`;
    }
    return "delivered";
  }
}

/**
 * Sends an activity's Web Push once its transaction has committed. The pushes were queued in the outbox with the
 * activity (`recordActivity`); every instance hears the commit and tries them, and each message's claim lets one
 * instance send it. A failed one waits in the outbox for the deliver-outbox job, which tries it again.
 */
export class PushDelivery {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Starts a delivery in the background; `idle()` waits for all of them (shutdown, tests). */
  deliverLater(activityId: string): void {
    const job: Promise<unknown> = this.deliver(activityId)
      .catch((error: unknown) => this.deps.log?.error({ err: error, activityId }, "push delivery failed"))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Sends the activity's pushes still queued; answers how many this call sent (0: another instance took them). */
  async deliver(activityId: string): Promise<number> {
    const ids = await queuedPushesOf(this.deps, activityId);
    const sent = await Promise.all(ids.map((id) => deliverSoon(this.deps, { id, delayMs: 0 })));
    return sent.filter(Boolean).length;
  }
}
