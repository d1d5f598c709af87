import type { DisputeListQuery, DisputePage, OpsDispute } from "@mx/shared/schemas/ops";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { disputes } from "../../db/schema/disputes";
import { users } from "../../db/schema/users";
import { decodeCursor, type PagePlace, pageOf } from "./page-cursor";

/** The states in which evidence may still matter: the console's "open". */
export const OPEN_DISPUTE_STATES = ["needs_response", "under_review"] as const;

type DisputeRow = typeof disputes.$inferSelect;

/** A dispute as the console shows it, with its payer's username. */
export function presentDispute(row: DisputeRow, payerName: string | null): OpsDispute {
  return {
    id: row.id,
    processor: row.processor,
    processorId: row.processorId,
    paymentIntentId: row.paymentIntentId,
    subject: row.subject,
    subjectId: row.subjectId,
    buildingId: row.buildingId,
    payerId: row.payerId,
    payerName,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    currency: row.currency,
    reason: row.reason,
    state: row.state,
    evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
    evidenceText: row.evidenceText,
    evidenceSubmittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
    fundsWithdrawn: row.fundsWithdrawn,
    clawedBackCents: row.clawedBackCents,
    returnedToGame: row.returnedToGame,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function stateFilter(state: DisputeListQuery["state"]): SQL | undefined {
  if (state === "open") return inArray(disputes.state, [...OPEN_DISPUTE_STATES]);
  if (state === "all") return undefined;
  return eq(disputes.state, state);
}

/**
 * Where a page starts after `place`: newest first (opened, then id, both descending), or evidence due soonest
 * first (ascending, those without a date last, then id ascending).
 */
function after(sort: DisputeListQuery["sort"], place: PagePlace | null): SQL | undefined {
  if (!place) return undefined;
  if (sort === "newest") {
    return sql`(${disputes.createdAt}, ${disputes.id}) < (${place.key}::timestamptz, ${place.id}::uuid)`;
  }
  if (place.key === null)
    return sql`${disputes.evidenceDueBy} is null and ${disputes.id} > ${place.id}::uuid`;
  return sql`(${disputes.evidenceDueBy} is null
    or (${disputes.evidenceDueBy}, ${disputes.id}) > (${place.key}::timestamptz, ${place.id}::uuid))`;
}

/** Disputes matching `where`, in the list's order, up to `limit` (the row's sort key kept for its cursor). */
function selectDisputes(q: Queryable, where: SQL | undefined, sort: DisputeListQuery["sort"], limit: number) {
  const key = sort === "newest" ? disputes.createdAt : disputes.evidenceDueBy;
  return q
    .select({ row: disputes, payerName: users.userName, pageKey: sql<string | null>`${key}::text` })
    .from(disputes)
    .leftJoin(users, eq(users.id, disputes.payerId))
    .where(where)
    .orderBy(
      ...(sort === "newest"
        ? [desc(disputes.createdAt), desc(disputes.id)]
        : [sql`${disputes.evidenceDueBy} asc nulls last`, asc(disputes.id)]),
    )
    .limit(limit);
}

/** A page of the disputes list: filtered by state, newest first or evidence due soonest first. */
export async function listDisputes(q: Queryable, query: DisputeListQuery): Promise<DisputePage> {
  const place = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await selectDisputes(
    q,
    and(stateFilter(query.state), after(query.sort, place)),
    query.sort,
    query.limit + 1,
  );
  const page = pageOf(
    rows.map((r) => ({ ...r, id: r.row.id })),
    query.limit,
  );
  return {
    disputes: page.rows.map((r) => presentDispute(r.row, r.payerName)),
    nextCursor: page.nextCursor,
  };
}

/** The disputes of a player's payments, newest first (up to 100), for their page in the console. */
export async function disputesOfPayer(q: Queryable, userId: string): Promise<OpsDispute[]> {
  const rows = await selectDisputes(q, eq(disputes.payerId, userId), "newest", 100);
  return rows.map((r) => presentDispute(r.row, r.payerName));
}
