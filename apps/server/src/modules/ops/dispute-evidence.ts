import { AppError } from "@mx/kit/errors";
import { type GatewayDispute, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import type { OpsDispute } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { disputes } from "../../db/schema/disputes";
import { users } from "../../db/schema/users";
import { type Actor, audit } from "./audit";
import { OPEN_DISPUTE_STATES, presentDispute } from "./disputes";

/**
 * Gives the processor the platform's evidence on a dispute that still needs a response, and keeps it.
 *
 *   1. claim  — the row takes the text and the time, if no evidence was given and the dispute still needs a
 *               response: of two operators at once, one claims it, the other is refused (409);
 *   2. send   — the processor is given the evidence, outside any transaction (its answer may come with a notice
 *               that the dispute handler takes in its own); refused, the claim is let go and the refusal named;
 *   3. record — the state the processor answers (under review), and the audit row, in one transaction.
 *
 * A decision the processor answers at once (won, lost) is left to the dispute handler, which moves the money with
 * it when the processor's notice comes: the console never closes a dispute itself.
 */
export async function submitEvidence(
  deps: { db: Db; gateway: PaymentGateway },
  actor: Actor,
  disputeId: string,
  text: string,
): Promise<OpsDispute> {
  const { db } = deps;
  const claimedAt = new Date();
  const [claimed] = isUuid(disputeId)
    ? await db
        .update(disputes)
        .set({ evidenceText: text, evidenceSubmittedAt: claimedAt, updatedAt: claimedAt })
        .where(
          and(
            eq(disputes.id, disputeId),
            eq(disputes.state, "needs_response"),
            isNull(disputes.evidenceSubmittedAt),
          ),
        )
        .returning()
    : [];
  if (!claimed) throw await refusalOf(db, disputeId);
  let answer: GatewayDispute;
  try {
    answer = await deps.gateway.submitDisputeEvidence({ id: claimed.processorId, text });
  } catch (error) {
    await db
      .update(disputes)
      .set({ evidenceText: null, evidenceSubmittedAt: null })
      .where(and(eq(disputes.id, disputeId), eq(disputes.evidenceSubmittedAt, claimedAt)));
    throw processorRefusal(error, claimed.processorId);
  }
  return db.transaction(async (tx) => {
    const open = (OPEN_DISPUTE_STATES as readonly string[]).includes(answer.status);
    await tx
      .update(disputes)
      .set({ ...(open ? { state: answer.status } : {}), updatedAt: new Date() })
      .where(and(eq(disputes.id, disputeId), inArray(disputes.state, [...OPEN_DISPUTE_STATES])));
    const [row] = await tx
      .select({ row: disputes, payerName: users.userName })
      .from(disputes)
      .leftJoin(users, eq(users.id, disputes.payerId))
      .where(eq(disputes.id, disputeId));
    if (!row) throw new AppError("NOT_FOUND", `No dispute with id ${disputeId}.`);
    await audit(tx, actor, {
      action: "dispute.evidence",
      targetType: "dispute",
      targetId: disputeId,
      before: { state: claimed.state, evidenceSubmittedAt: null },
      after: {
        state: row.row.state,
        processorState: answer.status,
        evidenceSubmittedAt: claimedAt.toISOString(),
        evidenceText: text,
      },
    });
    return presentDispute(row.row, row.payerName);
  });
}

/** Why evidence cannot be given on this dispute: none such (404), or it is closed or already answered (409). */
async function refusalOf(db: Db, disputeId: string): Promise<AppError> {
  const [row] = isUuid(disputeId)
    ? await db.select().from(disputes).where(eq(disputes.id, disputeId)).limit(1)
    : [];
  if (!row) return new AppError("NOT_FOUND", `No dispute with id ${disputeId}.`);
  if (row.state === "won" || row.state === "lost") {
    return new AppError("CONFLICT", `The dispute is closed (${row.state}): evidence can no longer be given.`);
  }
  if (row.evidenceSubmittedAt) {
    return new AppError(
      "CONFLICT",
      `Evidence was given on ${row.evidenceSubmittedAt.toISOString()}: the processor takes it once.`,
    );
  }
  return new AppError("CONFLICT", "The dispute is under review: the processor takes no more evidence.");
}

/** The processor's refusal as the console's answer: its words in a 409, or a 503 when it could not be asked. */
function processorRefusal(error: unknown, processorId: string): AppError {
  if (error instanceof GatewayRequestError && error.statusCode < 500 && error.statusCode !== 429) {
    return new AppError("CONFLICT", `The processor refused the evidence on ${processorId}: ${error.message}`);
  }
  if (error instanceof GatewayRequestError || isNetworkError(error)) {
    return new AppError("UNAVAILABLE", "The processor could not take the evidence just now; try again.");
  }
  throw error;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof Error && /fetch failed|ECONN|ETIMEDOUT|socket/i.test(error.message);
}
