import { SESSION_TTL_DAYS } from "@mx/shared/constants";
import { serverMessages } from "@mx/shared/messages";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { sessions, users } from "../../db/schema/users";
import { AppError } from "../../lib/errors";
import { keyedHash, newId, newToken } from "../../lib/secrets";

export type AuthContext = { userId: string; sessionId: string };

const hashToken = (secret: string, token: string) => keyedHash(secret, "session", token);

export async function createSession(q: Queryable, secret: string, userId: string): Promise<string> {
  const token = newToken();
  await q.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: hashToken(secret, token),
    expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
  });
  return token;
}

/** `Bearer <token>` or the bare token. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

export async function authenticate(q: Queryable, secret: string, token: string | null): Promise<AuthContext> {
  if (!token) throw new AppError("UNAUTHORIZED", serverMessages.unauthorized);
  const [row] = await q
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(secret, token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", serverMessages.sessionExpired);
  return row;
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(q: Queryable, userId: string): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
