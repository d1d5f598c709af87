import { AppError } from "@mx/kit/errors";
import { accountMails, formats } from "@mx/shared/messages";
import type { Proof } from "@mx/shared/schemas/auth";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { requireFreshProof } from "../auth/fresh-proof";
import type { AuthContext } from "../auth/sessions";
import { noticeMail } from "../mail/templates";
import { deliverSoon } from "../outbox/deliver";
import { queueMail } from "../outbox/queue-message";

/** "2025-03-08 14:05 UTC" */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * Before a payout is requested: none while a hold runs (24 hours after a password reset or a new payout card), and
 * the first one after a password reset needs fresh proof. Nothing is written when it refuses.
 */
export async function assertPayoutAllowed(
  deps: AppDeps,
  auth: AuthContext,
  proof: Proof | undefined,
  source: string,
): Promise<void> {
  const [user] = await deps.db
    .select({ holdUntil: users.payoutHoldUntil, proofDue: users.payoutProofDue })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (user?.holdUntil && user.holdUntil.getTime() > Date.now()) {
    throw new AppError("PAYOUT_HELD", formats.payoutHeld(utc(user.holdUntil)), {
      retryAfter: Math.ceil((user.holdUntil.getTime() - Date.now()) / 1000),
    });
  }
  if (user?.proofDue) {
    await requireFreshProof(deps, auth, proof, source);
    await deps.db.update(users).set({ payoutProofDue: false }).where(eq(users.id, auth.userId));
  }
}

/** A new payout card: payouts wait 24 hours, and the player is told by e-mail. */
export async function holdPayoutsForNewCard(deps: AppDeps, userId: string, cardLabel: string): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        payoutHoldUntil: sql`greatest(${users.payoutHoldUntil}, now() + ${sql.raw(`interval '${deps.config.payoutHoldHours} hours'`)})`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user?.email) return null;
    const m = accountMails.payoutHold;
    return queueMail(
      tx,
      noticeMail(user.email, m.subject, m.title, [m.newPayoutCard(cardLabel), m.ifNotYou]),
    );
  });
  deliverSoon(deps, queued);
}
