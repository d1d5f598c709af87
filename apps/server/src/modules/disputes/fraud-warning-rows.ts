import type { fraudWarnings } from "../../db/schema/disputes";

/** A fraud warning's row. */
export type FraudWarningRow = typeof fraudWarnings.$inferSelect;

/**
 * What was done about a warning (`fraud_warnings.outcome`): refunded (and what it bought returned to the game, or the
 * development undone); refunded_resold (refunded, what it bought left where it is: resold, or a development that
 * could not be undone, the platform's loss); disputed (a dispute was open already: the processor refuses a refund);
 * hold_released (a waiting bid's hold: the bid cancelled and its hold let go, nothing captured); not_found (a payment
 * the platform does not know); not_refunded (a shop order: the shop has no refund). Pending
 * before anything is done, refunding or refunding_resold while its refund goes through.
 */
export type FraudWarningOutcome =
  | "pending"
  | "refunding"
  | "refunding_resold"
  | "refunded"
  | "refunded_resold"
  | "disputed"
  | "hold_released"
  | "not_found"
  | "not_refunded";
