import { Batcher, failed, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { keyedHash, newId, newToken } from "@mx/kit/secrets";
import { SESSION_TTL_DAYS } from "@mx/shared/constants";
import { serverMessages } from "@mx/shared/messages";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { sessions, users } from "../../db/schema/users";
import type { HotCache } from "../../lib/hot-cache";
import { announceInvalidation } from "../events/publish";
import { type CachedSession, forgetSessionsLocally } from "../system/hot-reads";

export type AuthContext = { userId: string; sessionId: string };

const hashToken = (secret: string, token: string) => keyedHash(secret, "session", token);

/** A new session; `provenAt` carries over when a session is only renewed (refresh-token), else it is now. */
export async function createSession(
  q: Queryable,
  secret: string,
  userId: string,
  provenAt?: Date,
): Promise<string> {
  const token = newToken();
  await q.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: hashToken(secret, token),
    expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
    ...(provenAt ? { provenAt } : {}),
  });
  return token;
}

/** `Bearer <token>` or the bare token. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/** The live sessions (not revoked, not expired, of a player not deleted) among these token hashes. */
async function liveSessions(q: Queryable, tokenHashes: string[]) {
  return q
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
}

export async function authenticate(q: Queryable, secret: string, token: string | null): Promise<AuthContext> {
  if (!token) throw new AppError("UNAUTHORIZED", serverMessages.unauthorized);
  const [row] = await liveSessions(q, [hashToken(secret, token)]);
  if (!row) throw new AppError("UNAUTHORIZED", serverMessages.sessionExpired);
  return { sessionId: row.sessionId, userId: row.userId };
}

export type SessionAuthenticator = {
  /** The live session a token names, or 401. */
  authenticate(token: string | null): Promise<AuthContext>;
  /** Whether this instance knows, without asking the database, that the token names a live session. */
  known(token: string | null): boolean;
};

/**
 * `authenticate` for the request path: the sessions of requests arriving at the same moment are looked up together,
 * in one query, so a busy server pays one round trip per batch of requests instead of one per request.
 */
export function sessionAuthenticator(
  db: Db,
  secret: string,
  cache?: HotCache<CachedSession>,
): SessionAuthenticator {
  const lookups = new Batcher<string, CachedSession>(
    async (hashes) => {
      const rows = await liveSessions(db, [...new Set(hashes)]);
      const found = new Map(
        rows.map((r) => [
          r.tokenHash,
          { sessionId: r.sessionId, userId: r.userId, expiresAt: r.expiresAt.getTime() },
        ]),
      );
      return hashes.map((hash) => {
        const session = found.get(hash);
        return session
          ? succeeded(session)
          : failed(new AppError("UNAUTHORIZED", serverMessages.sessionExpired));
      });
    },
    { maxSize: 500, maxRunning: 1, retryAlone: true },
  );
  // The keyed hash of each token seen lately, so that a player's requests pay the HMAC once, not each time. The
  // hash is no secret here (it is the key of the session cache below); at most 10,000 kept, all dropped when full.
  const hashes = new Map<string, string>();
  const hashOf = (token: string) => {
    let hash = hashes.get(token);
    if (hash === undefined) {
      hash = hashToken(secret, token);
      if (hashes.size >= 10_000) hashes.clear();
      hashes.set(token, hash);
    }
    return hash;
  };
  const authenticate = async (token: string | null) => {
    if (!token) throw new AppError("UNAUTHORIZED", serverMessages.unauthorized);
    const hash = hashOf(token);
    // Cached by the token's hash only, tagged with its session and player so an ended session is forgotten
    // everywhere (hot-reads.ts); an entry never outlives the session's own expiry.
    const session = cache
      ? await cache.get(
          hash,
          () => lookups.load(hash),
          (s) => ({ tags: [`session:${s.sessionId}`, `user:${s.userId}`], expiresAt: s.expiresAt }),
        )
      : await lookups.load(hash);
    if (session.expiresAt <= Date.now()) throw new AppError("UNAUTHORIZED", serverMessages.sessionExpired);
    return { sessionId: session.sessionId, userId: session.userId };
  };
  return {
    authenticate,
    known(token) {
      if (!token || !cache) return false;
      const session = cache.peek(hashOf(token));
      return session !== undefined && session.expiresAt > Date.now();
    },
  };
}

/**
 * Ends a session. Every instance's session cache forgets it: this process's at once, the others when the NOTIFY
 * sent here arrives (on commit).
 */
export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await announceInvalidation(q, { sessionId });
  forgetSessionsLocally({ sessionId });
}

export async function revokeAllSessions(q: Queryable, userId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await announceInvalidation(q, { sessionsOf: userId });
  forgetSessionsLocally({ userId });
}
