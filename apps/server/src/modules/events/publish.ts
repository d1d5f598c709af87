import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import {
  type Activity,
  type ActivityPayload,
  type ActivityType,
  activityPayloads,
  PublicEvent,
  pushedActivityTypes,
} from "@mx/shared/schemas/live";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { activities } from "../../db/schema/live";
import { queuePushes } from "../outbox/queue-message";

/*
 * The live channel's one entrance. Call these inside the transaction that makes the change: PostgreSQL delivers
 * a NOTIFY only when (and if) its transaction commits, to every server instance listening, and each instance
 * hands it to its own sockets. Outside a transaction the event goes out at once.
 *
 *   await publishBuilding(tx, "building.sold", buildingId);
 *   await recordActivity(tx, ownerId, "bid.received", { bidId, buildingId, propertyName, bidAmount, bidderName });
 */

export const LIVE_CHANNEL = "mx_live";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * What a change that no socket hears about tells every instance's caches (modules/system/hot-reads.ts): a session
 * ended (`sessionId`), all of a player's sessions ended (`sessionsOf`), a player's name changed (`player`).
 */
/** `building`: what is shown of a building changed without an event of its own (a buyer's payment now holds it). */
export type Invalidation = { sessionId?: string; sessionsOf?: string; player?: string; building?: string };

/** What travels through NOTIFY between instances. */
export type WireMessage =
  | { at: number; event: PublicEvent }
  /** `push`: Web Push messages were queued for the activity, for the instances that hear it to send. */
  | { at: number; to: string; activity: Activity; push: boolean }
  /** `watched`: a building the player `to` watches changed, told without an alert (modules/alerts). */
  | { at: number; to: string; watched: string }
  | { at: number; invalidate: Invalidation };

/**
 * What in this process hears each message it sends, at once, before its NOTIFY comes back (the hot reads' caches,
 * so a player reads their own write whatever the channel's delay). Sent inside a transaction, a message is heard
 * before the commit: a read in between may cache what the change replaces, but the NOTIFY that follows the commit
 * forgets it again, so this only shortens the time a change goes unseen here.
 */
const hearers = new Set<(message: WireMessage) => void>();

/** Hears every message this process sends from now on; returns how to stop. */
export function hearSentHere(hearer: (message: WireMessage) => void): () => void {
  hearers.add(hearer);
  return () => hearers.delete(hearer);
}

function hearHere(message: WireMessage): void {
  for (const hearer of hearers) hearer(message);
}

function wire(message: WireMessage): string {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) {
    throw new Error(`A live event is too large for NOTIFY (${Buffer.byteLength(json)} bytes)`);
  }
  return json;
}

async function notify(q: Queryable, message: WireMessage): Promise<void> {
  await q.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${wire(message)})`);
  hearHere(message);
}

/** Tells every instance's caches, on commit, to forget what the change makes stale. */
export async function announceInvalidation(q: Queryable, invalidate: Invalidation): Promise<void> {
  await notify(q, { at: Date.now(), invalidate });
}

/** An event everyone connected hears (map, public lists). */
export async function publishPublic(q: Queryable, event: PublicEvent): Promise<void> {
  await notify(q, { at: Date.now(), event: PublicEvent.parse(event) });
}

/**
 * Several public events in one round trip, heard in this order. This process hears them as soon as they are made,
 * before the round trip: a caller that need not wait for the NOTIFY (its change is committed) may answer at once.
 */
export async function publishPublicMany(q: Queryable, events: PublicEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = Date.now();
  const messages: WireMessage[] = events.map((event) => ({ at, event: PublicEvent.parse(event) }));
  const payloads = messages.map(wire);
  for (const message of messages) hearHere(message);
  await queryRows(
    q,
    sql`
    select pg_notify(${LIVE_CHANNEL}, m.payload)
    from json_array_elements_text(${JSON.stringify(payloads)}::json) with ordinality as m(payload, n)
    order by m.n`,
    "notify-public-events",
  );
}

/**
 * Writes an entry in the player's feed and sends it to their open sockets, both on commit. Bid received, bid
 * accepted, outbid and payout paid also go to the player's devices as Web Push: one outbox message for each of the
 * player's subscriptions, written here in the same transaction, and sent after the commit by the instances that
 * hear it (modules/live/push.ts), or else by the outbox's sweep.
 */
export async function recordActivity<T extends ActivityType>(
  q: Queryable,
  userId: string,
  type: T,
  payload: ActivityPayload<T>,
): Promise<Activity> {
  const checked = activityPayloads[type].parse(payload) as ActivityPayload<T>;
  const id = newId();
  const createdAt = new Date();
  await q.insert(activities).values({ id, userId, type, payload: checked, createdAt });
  const push = pushedActivityTypes.includes(type) && (await queuePushes(q, id, userId)).length > 0;
  const activity = {
    id,
    type,
    payload: checked,
    createdAt: createdAt.toISOString(),
    readAt: null,
  } as Activity;
  await notify(q, {
    at: createdAt.getTime(),
    to: userId,
    activity,
    push,
  });
  return activity;
}

/**
 * The same feed entry for every player `recipients` selects (a query of one column, the user id), written and
 * announced in one statement however many they are; a pushed type (pushedActivityTypes) also queues one Web Push
 * per subscription, as recordActivity does.
 */
export async function recordActivities<T extends ActivityType>(
  q: Queryable,
  recipients: SQL,
  type: T,
  payload: ActivityPayload<T>,
): Promise<number> {
  const checked = activityPayloads[type].parse(payload) as ActivityPayload<T>;
  const createdAt = new Date();
  const at = createdAt.getTime();
  const json = JSON.stringify(checked);
  const pushed = pushedActivityTypes.includes(type);
  const rows = await queryRows<{ id: string; user_id: string; push: boolean }>(
    q,
    sql`
    with ins as materialized (
      insert into activities (id, user_id, type, payload, created_at)
      select gen_random_uuid(), r.user_id, ${type}, ${json}::jsonb, ${createdAt.toISOString()}::timestamptz
      from (${recipients}) as r(user_id)
      returning id, user_id),
    pushes as (
      insert into outbox_messages (id, kind, payload)
      select gen_random_uuid(), 'push', jsonb_build_object('activityId', ins.id::text, 'subscriptionId', ps.id)
      from ins join push_subscriptions ps on ps.user_id = ins.user_id
      where ${pushed}::boolean),
    told as (
      select ins.id, ins.user_id, ${pushed}::boolean
        and exists (select 1 from push_subscriptions ps where ps.user_id = ins.user_id) as push
      from ins)
    select told.id::text as id, told.user_id::text as user_id, told.push,
      pg_notify(${LIVE_CHANNEL}, json_build_object('at', ${at}::bigint, 'to', told.user_id,
        'activity', json_build_object('id', told.id, 'type', ${type}::text, 'payload', ${json}::json,
          'createdAt', ${createdAt.toISOString()}::text, 'readAt', null),
        'push', told.push)::text)
    from told`,
  );
  for (const row of rows) {
    hearHere({
      at,
      to: row.user_id,
      activity: {
        id: row.id,
        type,
        payload: checked,
        createdAt: createdAt.toISOString(),
        readAt: null,
      } as Activity,
      push: row.push,
    });
  }
  return rows.length;
}
