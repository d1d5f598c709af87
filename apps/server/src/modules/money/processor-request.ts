import { crashPoint } from "@mx/kit/crash-points";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { PaypalError } from "@mx/processors/paypal-api";

/**
 * A request the processor is sent under a committed row's key, its answer then recorded: the steps that money out
 * (`sendMoneyOut`) and a bid's hold let go (`bids/release-holds.ts`) share.
 *
 *   1. reserve — the caller's committed row, its processor key fixed by the row;
 *   2. send    — the request, under that key, outside any transaction;
 *   3. record  — the processor's answer written in one transaction.
 *
 * A process stopped between two steps leaves the row reserved, and recovery sends the request again under the same
 * key, which the processor answers as it did the first time. Crash points: `<name>.reserved` and `<name>.sent`.
 */
export type ProcessorRequest<Row, Answer> = {
  name: string;
  /** Whether the row still waits for its request. */
  reserved(row: Row): boolean;
  /** Step 2, under the row's key. */
  send(row: Row): Promise<Answer>;
  /** Step 3: the processor's answer, in one transaction. */
  record(row: Row, answer: Answer): Promise<void>;
};

/**
 * How a request ended: its answer recorded, no answer taken (`failed`, what `send` threw: nothing is recorded and
 * the row stays reserved unless the caller ends it), or nothing to send (not reserved any more).
 */
export type RequestOutcome<Answer = unknown> =
  | { recorded: true; answer: Answer }
  | { failed: unknown }
  | { notReserved: true };

/**
 * Steps 2 and 3 for a reserved row (or again, for recovery). What a failed request means is the caller's to say;
 * what `record` throws is thrown.
 */
export async function sendAndRecord<Row, Answer>(
  request: ProcessorRequest<Row, Answer>,
  row: Row,
): Promise<RequestOutcome<Answer>> {
  if (!request.reserved(row)) return { notReserved: true };
  crashPoint(`${request.name}.reserved`);
  let answer: Answer;
  try {
    answer = await request.send(row);
  } catch (error) {
    return { failed: error };
  }
  crashPoint(`${request.name}.sent`);
  await request.record(row, answer);
  return { recorded: true, answer };
}

/**
 * Money out — a payout, a deleted account's refund — is such a request, where the reserved row's journal has
 * already taken the money out of the player's earnings: the processor is asked to send it under the row's key, and
 * its answer recorded. A refusal for good fails the row, its journal reversed (the money back in the earnings). An
 * unknown answer (unreachable, a 5xx, a key still in use, a rate limit) leaves it reserved, and recovery sends it
 * again under the same key, which the processor sends once.
 */
export type MoneyOut<Row, Sent> = ProcessorRequest<Row, Sent> & {
  /** The processor refused for good: the row fails and its journal is reversed, once. */
  fail(row: Row, refusal: Error): Promise<void>;
};

/** How sending ended: recorded, refused for good (the row failed), or nothing to send (not reserved any more). */
export type MoneyOutcome = { sent: true } | { refusal: Error } | { notReserved: true };

/**
 * Steps 2 and 3 for a reserved row (or again, for recovery). Throws when the processor's answer is unknown (the
 * row stays reserved).
 */
export async function sendMoneyOut<Row, Sent>(op: MoneyOut<Row, Sent>, row: Row): Promise<MoneyOutcome> {
  const outcome = await sendAndRecord(op, row);
  if ("recorded" in outcome) return { sent: true };
  if ("notReserved" in outcome) return outcome;
  if (!refusedForGood(outcome.failed)) throw outcome.failed;
  await op.fail(row, outcome.failed);
  return { refusal: outcome.failed };
}

/** The processor said no for good (a card refusal or a request it will never accept), not "try again later". */
function refusedForGood(error: unknown): error is Error {
  if (error instanceof CardError) return true;
  const status =
    error instanceof GatewayRequestError || error instanceof PaypalError ? error.statusCode : 500;
  return status < 500 && status !== 409 && status !== 429;
}
