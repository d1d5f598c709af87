import { AppError } from "@mx/kit/errors";
import { isUuid } from "@mx/shared/uuid";

/**
 * A console list's place, handed out as `nextCursor` and taken back as `cursor`: the sort key of the last row given
 * (a timestamp as the database writes it, to the microsecond, or null) and its id. Keyset paging: rows written
 * meanwhile neither repeat nor shift a page.
 */
export type PagePlace = { key: string | null; id: string };

/** A timestamp as `timestamptz::text` writes it: 2026-11-29 13:41:55.123456+00. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;

function encodeCursor(place: PagePlace): string {
  return Buffer.from(JSON.stringify([place.key, place.id])).toString("base64url");
}

/** The place a cursor names; 400 naming the field for anything this list did not hand out. */
export function decodeCursor(cursor: string): PagePlace {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 2) {
    const [key, id] = parsed as unknown[];
    const keyOk = key === null || (typeof key === "string" && TIMESTAMP_TEXT.test(key));
    if (keyOk && typeof id === "string" && isUuid(id)) return { key: key as string | null, id };
  }
  throw new AppError("BAD_REQUEST", "cursor: must be the nextCursor of the page before.");
}

/**
 * One page of rows fetched one beyond `limit`: the rows to give, and the cursor of what follows (null at the end).
 */
export function pageOf<T extends { id: string; pageKey: string | null }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor({ key: last.pageKey, id: last.id }) : null,
  };
}
