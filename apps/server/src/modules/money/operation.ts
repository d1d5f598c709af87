import { crashPoint, failPoint } from "@mx/kit/crash-points";
import { AppError } from "@mx/kit/errors";
import { CardError, type GatewayIntent, GatewayRequestError } from "@mx/processors/gateway";
import { AUTHENTICATION_FAILED } from "../payments/bank-check";
import { confirmApproved, isPaypalIntent, PAYPAL_CANCELLED } from "../payments/paypal-gateway";
import { tooManyWaiting } from "../payments/waiting-payments";
import { RefundAwaitsDisputeError, refundTakenByChargeback, refusedAsDisputed } from "./disputed-refund";
import { cancelIntent } from "./intents";
import type { MoneyOperation, Resumable, Step } from "./operation-shape";

// What an operation says of itself (its keys, phases and steps) lives beside the skeleton here that runs it.
export type { MoneyOperation, Resumable, Step } from "./operation-shape";

// The second shape, a request sent under a committed row's key (money out, a hold let go), lives beside this one.
export {
  type MoneyOut,
  type MoneyOutcome,
  type ProcessorRequest,
  sendAndRecord,
  sendMoneyOut,
} from "./processor-request";

/*
 * The one shape of a money operation that goes through a processor:
 *
 *   1. reserve  — a committed row with its state and the processor's idempotency key (the caller writes it);
 *   2. charge   — the processor call under that key, outside any transaction;
 *   3. settle   — one transaction: the row's final state and its balanced journal.
 *
 * A process may stop between any two steps. Recovery reads the row's recorded state and the processor's record
 * (by the id the row noted, else by the key) and resumes: it settles what the processor says is paid, and
 * releases or refunds everything else. Each operation says how its steps are done; the order, the crash points
 * and the decisions live here, once.
 */

/** Whether the processor refused for certain (nothing can be taken under the key), rather than went unheard. */
const refused = (error: unknown) =>
  error instanceof CardError ||
  error instanceof AppError ||
  (error instanceof GatewayRequestError && error.statusCode < 500);

/**
 * Steps 2 and 3 for a row just reserved (step 1 is the caller's, since what a row holds differs). Returns the
 * settled result, or the intent when the player must act first (their bank's check, PayPal's approval). Throws the
 * processor's refusal (the row released), or the reason it could not settle (the money refunded first).
 */
export async function runOperation<Row, Done>(op: MoneyOperation<Row, Done>, row: Row): Promise<Step<Done>> {
  try {
    return await runSteps(op, row);
  } finally {
    op.finished?.(row);
  }
}

async function runSteps<Row, Done>(op: MoneyOperation<Row, Done>, row: Row): Promise<Step<Done>> {
  crashPoint(`${op.name}.reserved`);
  let intent: GatewayIntent | null = null;
  if (op.chargeCents(row) > 0) {
    try {
      intent = await op.charge(row);
    } catch (error) {
      // An unknown answer (unreachable, a 5xx) leaves the row reserved: recovery asks the processor by its key.
      if (refused(error)) await op.release(row, (error as Error).message).catch(() => {});
      throw error;
    }
    // The processor has answered, and nothing of its answer is noted yet: recovery finds the intent by its key.
    crashPoint(`${op.name}.answered`);
    if (intent.status === "requires_action") {
      const held = await op.awaitPlayer(row, intent);
      if (held !== true) {
        const refusal = held === false ? tooManyWaiting() : held;
        await cancelAndRelease(op, row, intent, refusal.message);
        throw refusal;
      }
      return { waiting: intent };
    }
    if (intent.status === "processing") {
      // Settled later from the processor's report (its webhook, or recovery): the row stays reserved meanwhile.
      await op.note(row, intent);
      throw new AppError("PAYMENT_PROCESSING", op.words?.processing ?? PROCESSING);
    }
    if (intent.status !== paidStatus(op)) {
      await cancelAndRelease(op, row, intent, "Your card was declined.");
      throw new CardError("card_declined", "Your card was declined.");
    }
    crashPoint(`${op.name}.charged`);
    await notePaid(op, row, intent);
    crashPoint(`${op.name}.noted`);
  }
  return { done: await settleOrRefund(op, row, intent) };
}

/** Step 3, or, when it cannot be done, the money given back before the reason is told. */
async function settleOrRefund<Row, Done>(
  op: MoneyOperation<Row, Done>,
  row: Row,
  intent: GatewayIntent | null,
): Promise<Done> {
  let failure: unknown;
  try {
    failPoint(`${op.name}.settle`);
    const done = await op.settle(row, intent);
    if (done) {
      crashPoint(`${op.name}.settled`);
      return done;
    }
    failure = new AppError("CONFLICT", "This can no longer be done; your payment has been refunded.");
  } catch (error) {
    failure = error;
  }
  const message = failure instanceof Error ? failure.message : String(failure);
  if (!(await refundOperation(op, row, intent?.id ?? null, message))) {
    const done = await op.settled(row);
    if (done) return done;
  }
  throw failure instanceof AppError
    ? failure
    : new AppError(
        "UNAVAILABLE",
        op.words?.notCompleted ?? "This could not be completed; your payment has been refunded.",
        { cause: failure },
      );
}

/**
 * Gives a charged operation's money back: marked refunding first (committed), then the processor asked under the
 * refund key, then settled refunded. Asked again after a stop, the same key refunds once. False if the row was
 * settled meanwhile (it keeps its money). A charge its cardholder disputed first is not refunded by the processor:
 * the refund then ends through the dispute once it is lost (the chargeback gave the money back), and waits until
 * then (RefundAwaitsDisputeError, the row left refunding for recovery); a dispute won lets the processor refund.
 */
export async function refundOperation<Row, Done>(
  op: MoneyOperation<Row, Done>,
  row: Row,
  intentId: string | null,
  failure: string,
): Promise<boolean> {
  if (!(await op.beginRefund(row, failure, intentId))) return false;
  crashPoint(`${op.name}.refunding`);
  if (intentId) {
    try {
      if (op.refund) await op.refund(row, intentId);
      else await op.gateway.refund({ paymentIntentId: intentId, idempotencyKey: op.refundKey(row) });
    } catch (error) {
      if (!refusedAsDisputed(error)) throw error;
      if (!(await refundTakenByChargeback(op.db, intentId))) {
        throw new RefundAwaitsDisputeError({ cause: error });
      }
      crashPoint(`${op.name}.charged-back`);
    }
  }
  await op.endRefund(row, failure);
  return true;
}

/** Why an operation whose player deleted their account ended. */
export const ACCOUNT_DELETED = "The account was deleted before the payment was completed; nothing is kept.";

/** Where an operation waiting for the processor stands once the processor has been asked again. */
export type Finished<Done> = Step<Done> | { processing: GatewayIntent };

/**
 * Finishes a reserved operation from what the processor says of its intent now: the one behaviour, for every
 * operation, of "confirm after the bank's check" (the player back from their bank or PayPal) and of "finish from
 * the processor's notice". A PayPal order the payer approved is captured (or authorized) first. Then, by state:
 *   - paid (captured, or held for a hold)  → settled, or refunded if it can no longer be;
 *   - requires_action, requires_confirmation → still waiting for the player;
 *   - processing                            → left reserved, settled from the processor's later word;
 *   - anything else (failed, cancelled)     → the intent cancelled if still open, the row released, and the
 *                                             refusal thrown.
 * A player whose account is deleted never gets what they paid for: a paid intent is refunded, an open one
 * cancelled before PayPal captures it (processing is left for recovery, which refunds it once paid).
 */
export async function finishFromProcessor<Row, Done>(
  op: Resumable<Row, Done>,
  row: Row,
  read: GatewayIntent,
): Promise<Finished<Done>> {
  if (await op.playerGone(row)) {
    if (read.status === paidStatus(op)) {
      await refundOperation(op, row, read.id, ACCOUNT_DELETED);
      throw new AppError("CONFLICT", ACCOUNT_DELETED);
    }
    if (read.status === "processing") return { processing: read };
    await cancelAndRelease(op, row, read, ACCOUNT_DELETED);
    throw new AppError("CONFLICT", ACCOUNT_DELETED);
  }
  const intent = await confirmApproved(op, read, (failure) => op.release(row, failure));
  if (intent.status === paidStatus(op)) return { done: await settleOrRefund(op, row, intent) };
  if (intent.status === "requires_action" || intent.status === "requires_confirmation")
    return { waiting: intent };
  if (intent.status === "processing") return { processing: intent };
  const failure = isPaypalIntent(intent.id) ? PAYPAL_CANCELLED : AUTHENTICATION_FAILED;
  await cancelAndRelease(op, row, intent, failure);
  throw new CardError("authentication_failed", failure);
}

/**
 * POST …/confirm: the player is back from their bank (or PayPal) for an operation still reserved; finished as
 * `finishFromProcessor` says. Still processing is told in the operation's words.
 */
export async function confirmOperation<Row, Done>(op: Resumable<Row, Done>, row: Row): Promise<Step<Done>> {
  const intentId = op.intentId(row);
  if (!intentId) throw new AppError("CONFLICT", "This payment has not been asked of the processor yet.");
  const finished = await finishFromProcessor(op, row, await op.gateway.retrievePaymentIntent(intentId));
  if ("processing" in finished) {
    throw new AppError("PAYMENT_PROCESSING", op.words?.processing ?? PROCESSING);
  }
  return finished;
}

/**
 * The processor's notice (its webhook, re-read; or the sandbox's) of an intent, for the reserved row it names:
 * finished as `finishFromProcessor` says, if the row noted this very intent for this amount (one whose request
 * is still running finishes itself). A refusal or a refund is the row's end, logged; a late or repeated notice
 * finds the row settled and changes nothing.
 */
export async function finishFromNotice<Row, Done>(
  op: Resumable<Row, Done>,
  row: Row | undefined,
  intent: GatewayIntent,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  if (!row || op.phase(row) !== "reserved" || op.intentId(row) !== intent.id) return;
  if (op.chargeCents(row) !== intent.amountCents) return;
  try {
    await finishFromProcessor(op, row, intent);
  } catch (error) {
    if (!(error instanceof AppError || error instanceof CardError)) throw error;
    log?.warn({ err: error, operation: op.chargeKey(row) }, `${op.name} not completed: ${error.message}`);
  }
}

const PROCESSING =
  "Your payment is still being processed; it completes once the payment clears, and if it does not, nothing is charged.";

/** What each recovery ended in. */
export type Recovery = "settled" | "refunded" | "released" | "waiting" | "settled already";

/**
 * Resumes an unfinished operation from its recorded phase and the processor's record of its key: paid → settled
 * (or refunded if it can no longer be, as for a player whose account is deleted); a refund begun → asked again
 * under its key; never charged, refused or abandoned → released, with any open intent cancelled; still processing,
 * waiting for the player within `waitUntil`, or a refund waiting for the dispute of its charge → left waiting.
 */
export async function recoverOperation<Row, Done>(
  op: Resumable<Row, Done>,
  row: Row,
  when: { waitUntil: Date | null; now?: Date },
): Promise<Recovery> {
  try {
    return await recoverSteps(op, row, when);
  } catch (error) {
    // A refund refused while the cardholder's dispute of its charge is open: asked again on a later round.
    if (error instanceof RefundAwaitsDisputeError) return "waiting";
    throw error;
  }
}

async function recoverSteps<Row, Done>(
  op: Resumable<Row, Done>,
  row: Row,
  { waitUntil, now = new Date() }: { waitUntil: Date | null; now?: Date },
): Promise<Recovery> {
  const phase = op.phase(row);
  if (phase === null) return "settled already";
  const charges = op.chargeCents(row) > 0;
  const intent = charges ? await op.find(row) : null;
  if (phase === "refunding") {
    await refundOperation(op, row, intent?.id ?? op.intentId(row), "interrupted, refunded");
    return "refunded";
  }
  // Nothing at the processor (or nothing to charge: other means pay it all): it never got as far as paying.
  if (!intent) return released(op, row, "interrupted before the payment was taken");
  if (intent.status === "succeeded" && intent.refundedCents > 0) {
    await refundOperation(op, row, intent.id, "interrupted, refunded");
    return "refunded";
  }
  // Noted first, whatever comes next, so that the row names the intent it settles, waits for or lets go.
  await (intent.status === paidStatus(op) ? notePaid(op, row, intent) : op.note(row, intent));
  if (intent.status === paidStatus(op) && op.settlesOnRecovery === false) {
    await refundOperation(op, row, intent.id, "interrupted before it was completed");
    return "refunded";
  }
  if (intent.status === paidStatus(op)) {
    try {
      await settleOrRefund(op, row, intent);
      return "settled";
    } catch (error) {
      if (error instanceof RefundAwaitsDisputeError) throw error;
      return "refunded";
    }
  }
  switch (intent.status) {
    case "processing":
      return "waiting";
    case "requires_action":
    case "requires_confirmation":
      // A deleted account's payment waits no longer: cancelled before it can be completed (PayPal never captures).
      if (await op.playerGone(row)) {
        await op.cancel(intent);
        return released(op, row, ACCOUNT_DELETED);
      }
      if (waitUntil && now < waitUntil) return "waiting";
      await op.cancel(intent);
      return released(op, row, isPaypalIntent(intent.id) ? PAYPAL_CANCELLED : AUTHENTICATION_FAILED);
    case "requires_capture":
      await op.cancel(intent);
      return released(op, row, "interrupted before the payment was taken");
    default:
      return released(op, row, "the payment was not taken");
  }
}

/** Notes a paid intent, unless what follows it names it anyway (`settleNamesIntent`). */
const notePaid = <Row, Done>(op: MoneyOperation<Row, Done>, row: Row, intent: GatewayIntent) =>
  op.settleNamesIntent ? Promise.resolve() : op.note(row, intent);

/** The processor's status for money taken: captured, or held for an operation whose charge is a hold. */
const paidStatus = (op: { captureMethod?: "automatic" | "manual" }) =>
  op.captureMethod === "manual" ? "requires_capture" : "succeeded";

async function released<Row, Done>(op: MoneyOperation<Row, Done>, row: Row, failure: string) {
  return (await op.release(row, failure)) ? "released" : "settled already";
}

async function cancelAndRelease<Row, Done>(
  op: MoneyOperation<Row, Done>,
  row: Row,
  intent: GatewayIntent,
  failure: string,
) {
  // Cancelled first, so that an intent left open can never be completed later for an operation that has failed.
  if (intent.status !== "requires_payment_method" && intent.status !== "canceled") {
    await cancelIntent(op.gateway, intent, op.chargeKey(row));
  }
  await op.release(row, failure);
}
