import { AppError } from "@mx/kit/errors";
import { GatewayRequestError } from "@mx/processors/gateway";
import { formatCents } from "@mx/shared/money";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { disputes } from "../../db/schema/disputes";
import { accounts, postJournal } from "../ledger/ledger";

/*
 * A refund whose charge the cardholder disputed before the processor was asked. Processors refuse to refund a
 * disputed charge (Stripe's `charge_disputed`) unless the dispute was won, so such a refund ends with the dispute:
 *   - open (or not yet told to the platform): the refund waits, its row still refunding; recovery asks again;
 *   - won: the processor gave the money back to the platform, and refunds it when asked again;
 *   - lost: the cardholder's bank gave the money back through the chargeback, and the processor never will; the
 *     refund ends without it.
 */

/** How each processor refuses to refund a disputed payment: Stripe (and the sandbox), and PayPal (a card's chargeback). */
const DISPUTED_REFUSALS = new Set(["charge_disputed", "REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK"]);

/** Whether the processor refused a refund because its charge is disputed. */
export const refusedAsDisputed = (error: unknown): boolean =>
  error instanceof GatewayRequestError && DISPUTED_REFUSALS.has(error.code);

/** A refund that waits for the dispute on its charge: its row stays refunding, and recovery asks again. */
export class RefundAwaitsDisputeError extends AppError {
  constructor(options: { cause?: unknown } = {}) {
    super(
      "CONFLICT",
      "This payment is disputed by its cardholder: it is refunded once the dispute is decided, or given back through it.",
      options,
    );
    this.name = "RefundAwaitsDisputeError";
  }
}

/**
 * Ends, on the ledger, a refund the processor refused because its charge is disputed, once that dispute is lost:
 * the chargeback gave the payer their money back in the refund's place. The refund (its journal posted, or its
 * charge never journaled) counts the charge as given back; the dispute's withdrawal took it from the platform again,
 * and its loss booked it as the platform's. The journal `chargeback_refund` (once per dispute) sets both right: the
 * charge stays the platform's card funding, and the chargeback was the refund, not a loss. False (nothing written)
 * while no dispute lost on the payment is known here: the refund then waits.
 */
export async function refundTakenByChargeback(db: Db, paymentIntentId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lost] = await tx
      .select({ id: disputes.id, amountCents: disputes.amountCents, buildingId: disputes.buildingId })
      .from(disputes)
      .where(and(eq(disputes.paymentIntentId, paymentIntentId), eq(disputes.state, "lost")))
      .limit(1);
    if (!lost) return false;
    await postJournal(tx, {
      kind: "chargeback_refund",
      reference: lost.id,
      ...(lost.buildingId ? { building: { id: lost.buildingId } } : {}),
      memo: `refund of ${formatCents(lost.amountCents)} made by the chargeback of a lost dispute`,
      entries: [
        { account: accounts.cardFunding, amountCents: -lost.amountCents },
        { account: accounts.chargebackLosses, amountCents: lost.amountCents },
      ],
    });
    return true;
  });
}
