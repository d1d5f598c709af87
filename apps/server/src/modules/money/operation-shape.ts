import type { AppError } from "@mx/kit/errors";
import type { GatewayIntent, PaymentGateway } from "@mx/processors/gateway";
import type { Db } from "../../db/client";

/*
 * What a money operation says of itself for the skeleton in operation.ts: its processor keys, its row's phases, and how
 * each of its steps is done.
 */

/** Where an unfinished operation stands, as its row records it. */
type OpenPhase = "reserved" | "refunding";

export type MoneyOperation<Row, Done> = {
  /** Names its crash points: `<name>.reserved`, `.answered`, `.charged`, `.noted`, `.settle` (a failure), `.settled`,
   * `.refunding`, `.charged-back` (a refund a lost dispute made, between its journal and the row's end). */
  name: string;
  /** The processor it asks (refunds and cancellations go through it too). */
  gateway: PaymentGateway;
  /** The platform's database, where a refund the processor refuses for a lost dispute is ended (disputed-refund.ts). */
  db: Db;
  /** What the player is told when the payment is still processing, and when it could not be completed. */
  words?: { processing?: string; notCompleted?: string };
  /**
   * `manual` for an operation whose charge is a hold (a bid): the processor's `requires_capture` is then what
   * "paid" means, and giving the money back means letting the hold go (`refund`). Automatic by default.
   */
  captureMethod?: "automatic" | "manual";
  /**
   * Whether recovery settles an operation it finds paid (the default), or gives the money back: a bid whose hold
   * was made by a process that stopped is not placed minutes later behind the bidder's back.
   */
  settlesOnRecovery?: boolean;
  /**
   * Whether `settle` (and `beginRefund`, which replaces it when it cannot) write the paid intent's id themselves: a
   * paid intent is then not noted before them, which spares each batch a statement; a stop in between finds it by
   * its key. An intent that waits (the player, or processing) is noted all the same.
   */
  settleNamesIntent?: boolean;
  /** The processor's idempotency keys, fixed by the row. */
  chargeKey(row: Row): string;
  refundKey(row: Row): string;
  /** What the processor is to take, in cents: 0 when other means (credits) pay it all, and nothing is charged. */
  chargeCents(row: Row): number;
  /** The row's unfinished phase, or null once it is settled one way or the other. */
  phase(row: Row): OpenPhase | null;
  /** The processor intent the row noted, if any. */
  intentId(row: Row): string | null;
  /** Step 2: asks the processor for the money, under `chargeKey`. */
  charge(row: Row): Promise<GatewayIntent>;
  /** Notes the processor's intent on the row (committed), so recovery finds it by id. */
  note(row: Row, intent: GatewayIntent): Promise<void>;
  /**
   * Notes that the payment now waits for the player (their bank, PayPal); false if they may not wait for more now,
   * or the refusal to give them when they may not for another reason (as many started today as a day allows).
   */
  awaitPlayer(row: Row, intent: GatewayIntent): Promise<boolean | AppError>;
  /** Step 3, in one transaction with its journal; null when it can no longer be settled (the money then goes back). */
  settle(row: Row, intent: GatewayIntent | null): Promise<Done | null>;
  /** What a row settled already gave (a repeat, or recovery that found it done meanwhile); null if it did not settle. */
  settled(row: Row): Promise<Done | null>;
  /** Ends a row that kept no money (failed), giving back anything it held; false if it was settled meanwhile. */
  release(row: Row, failure: string): Promise<boolean>;
  /** Marks the row refunding before the processor is asked (committed); false if it was settled meanwhile. */
  beginRefund(row: Row, failure: string, intentId: string | null): Promise<boolean>;
  /** Ends a refunding row refunded, giving back anything it held. */
  endRefund(row: Row, failure: string): Promise<void>;
  /** Gives the processor's money back; by default a refund of the intent under `refundKey`. */
  refund?(row: Row, intentId: string): Promise<void>;
  /** Told when runOperation is done with a row, however it ended (see `together`'s `untilDone`). */
  finished?(row: Row): void;
};

export type Step<Done> = { done: Done } | { waiting: GatewayIntent };

/**
 * An operation that is finished from outside its request (the player back from their bank or PayPal, the
 * processor's notice, recovery): how its intent is found and cancelled, and whose it is.
 */
export type Resumable<Row, Done> = MoneyOperation<Row, Done> & {
  find(row: Row): Promise<GatewayIntent | null>;
  cancel(intent: GatewayIntent): Promise<void>;
  /**
   * Whether the player it is for has deleted their account: it then never settles, and its money goes back. Its
   * `settle` refuses such a player as well, under the building's lock, for a deletion that commits meanwhile.
   */
  playerGone(row: Row): Promise<boolean>;
};
