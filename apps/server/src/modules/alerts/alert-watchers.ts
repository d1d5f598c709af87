import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import type { AlertKind } from "@mx/shared/schemas/alerts";
import { type ActivityPayload, activityPayloads, pushedActivityTypes } from "@mx/shared/schemas/live";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../../db/client";
import { LIVE_CHANNEL } from "../events/publish";
import { alertOn } from "./alert-on";

/*
 * The watch alerts: a change to a building (listed, ask lowered, sold, bid on, a development started or finished)
 * told to every player who watches it, as recordActivity tells one player: a feed entry, one Web Push per
 * subscription (outbox), and the live message, all written by the change's own transaction.
 *
 * Set-based: one statement, whatever the number of watchers or of buildings in a batch. It starts from the
 * watchlist's index on building_id, so a change to a building nobody watches costs one index probe and writes
 * nothing. Purchases, the hottest path, put the same statement's parts into their settling statement
 * (`watchAlertCtes`), so they cost no statement at all.
 */

export type WatchAlertKind = Extract<AlertKind, `watch.${string}`>;

/** What a watch alert carries but its building's name, which the statement reads as players see it now. */
type WatchAlertPayload<K extends WatchAlertKind> = Omit<ActivityPayload<K>, "buildingId" | "propertyName">;

/** One change to tell: the building, the players not to tell (the one who acted, those told otherwise), and what. */
export type WatchAlert<K extends WatchAlertKind> = {
  buildingId: string;
  quiet: (string | null)[];
  payload: WatchAlertPayload<K>;
};

/**
 * The statement's parts, as CTEs to put in a `with` (`wa_…` names), over `source`: a select of `building_id` (text),
 * `quiet` (jsonb array of user ids as text) and `payload` (jsonb without `buildingId` and `propertyName`).
 * `wa_targets` holds one row per alert written (`id`, `user_id`).
 */
export function watchAlertCtes(kind: WatchAlertKind, source: SQL, at = new Date()): SQL {
  const pushed = pushedActivityTypes.includes(kind);
  // The live message recordActivity sends (events/publish.ts, WireMessage), written here for each row.
  const wire = sql`json_build_object('at', ${at.getTime()}::bigint, 'to', activities.user_id,
      'activity', json_build_object('id', activities.id, 'type', activities.type, 'payload', activities.payload,
        'createdAt', ${at.toISOString()}::text, 'readAt', null),
      'push', ${pushed}::boolean and exists (select 1 from push_subscriptions ps where ps.user_id = activities.user_id)
    )::text`;
  return sql`wa_source as (${source}),
    wa_targets as materialized (
      select gen_random_uuid() as id, w.user_id,
        src.payload || jsonb_build_object('buildingId', src.building_id,
          'propertyName', coalesce(p.custom_name, b.name, b.address, ${texts.noName}::text)) as payload
      from wa_source src
      join watchlist w on w.building_id = src.building_id
      join buildings b on b.id = src.building_id
      left join properties p on p.building_id = src.building_id
      where not (src.quiet @> to_jsonb(w.user_id::text)) and ${alertOn(sql`w.user_id`, kind)}),
    wa_feed as (
      insert into activities (id, user_id, type, payload, created_at)
      select id, user_id, ${kind}::text, payload, ${at.toISOString()}::timestamptz from wa_targets
      returning pg_notify(${LIVE_CHANNEL}, ${wire})),
    wa_pushes as (
      insert into outbox_messages (id, kind, payload)
      select gen_random_uuid(), 'push', jsonb_build_object('activityId', t.id::text, 'subscriptionId', ps.id)
      from wa_targets t join push_subscriptions ps on ps.user_id = t.user_id
      where ${pushed}::boolean)`;
}

/**
 * Tells the watchers of each building of `alerts` (but each alert's quiet players, and those who switched the kind
 * off, whose open pages are only told to read their watchlist again), in the caller's transaction. Answers how many
 * alerts were written.
 */
export async function alertWatchers<K extends WatchAlertKind>(
  q: Queryable,
  kind: K,
  alerts: WatchAlert<K>[],
): Promise<number> {
  if (alerts.length === 0) return 0;
  const schema: z.ZodObject = activityPayloads[kind];
  const checked = schema.omit({ buildingId: true, propertyName: true }).strict();
  const rows = alerts.map((a) => ({
    building_id: a.buildingId,
    quiet: a.quiet.filter((id): id is string => id !== null),
    payload: checked.parse(a.payload),
  }));
  const source = sql`select * from json_to_recordset(${JSON.stringify(rows)}::json)
    as s(building_id text, quiet jsonb, payload jsonb)`;
  const at = new Date();
  // A watcher who switched the kind off gets no alert, but their open watchlist still follows the building.
  const nudge = sql`json_build_object('at', ${at.getTime()}::bigint, 'to', w.user_id, 'watched', src.building_id)::text`;
  const [written] = await queryRows<{ n: number }>(
    q,
    sql`with ${watchAlertCtes(kind, source, at)},
      wa_muted as (
        select pg_notify(${LIVE_CHANNEL}, ${nudge}) from wa_source src
        join watchlist w on w.building_id = src.building_id
        where not (src.quiet @> to_jsonb(w.user_id::text)) and not ${alertOn(sql`w.user_id`, kind)})
      select (select count(*)::int from wa_targets) as n, (select count(*)::int from wa_muted) as muted`,
    // Prepared once per connection (a name per kind's text): planned afresh on every batch of developments, the
    // statement cost more to plan than to run.
    "watch-alerts",
  );
  return written?.n ?? 0;
}
