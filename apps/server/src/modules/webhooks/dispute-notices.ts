import type { GatewayDispute, GatewayFraudWarning } from "@mx/processors/gateway";
import type { AppDeps } from "../../deps";
import { applyDispute } from "../disputes/apply-dispute";
import { applyFraudWarning } from "../disputes/fraud-warning";

/**
 * What a webhook hands a dispute or an early fraud warning to, once re-read from the processor: the disputes
 * module's handlers, which open their own transactions and may be called again for the same state.
 */
export type DisputeHandlers = {
  applyDispute(deps: AppDeps, dispute: GatewayDispute): Promise<unknown>;
  applyFraudWarning(deps: AppDeps, warning: GatewayFraudWarning): Promise<unknown>;
};

/** The disputes module's handlers. */
export const DISPUTE_HANDLERS: DisputeHandlers = { applyDispute, applyFraudWarning };

/** Where one delivery's re-read dispute or warning goes: the handlers, bound to the app's deps. */
export type DisputeSink = {
  dispute(dispute: GatewayDispute): Promise<unknown>;
  fraudWarning(warning: GatewayFraudWarning): Promise<unknown>;
};

/** The handlers bound to the deps a delivery runs with. */
export const disputeSink = (handlers: DisputeHandlers, deps: AppDeps): DisputeSink => ({
  dispute: (dispute) => handlers.applyDispute(deps, dispute),
  fraudWarning: (warning) => handlers.applyFraudWarning(deps, warning),
});
