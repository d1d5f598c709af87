import type { PaymentGateway } from "@mx/processors/gateway";
import type { PaypalApi } from "@mx/processors/paypal-api";
import { isPaypalDispute, reversalOf } from "../payments/paypal-disputes";
import type { DisputeSink } from "./dispute-notices";

/** Events about a dispute a payer opened at PayPal: the dispute is read again and handed to the disputes module. */
export const DISPUTE_EVENT_TYPES: ReadonlySet<string> = new Set([
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
]);
/** PayPal took a capture back (a chargeback through the payer's card, or a reversal): a dispute already lost. */
export const REVERSAL_EVENT = "PAYMENT.CAPTURE.REVERSED";

type Resource = {
  id?: unknown;
  dispute_id?: unknown;
  links?: { href?: unknown; rel?: unknown }[];
};

/** PayPal's id of a dispute, from a notice. */
const disputeIdOf = (id: unknown): string | null =>
  typeof id === "string" && isPaypalDispute(id) ? id : null;
/** PayPal's ids of captures: upper-case letters and digits. */
const captureIdOf = (id: unknown): string | null =>
  typeof id === "string" && /^[A-Z0-9]{1,40}$/.test(id) ? id : null;

/**
 * The capture a reversal is about. Its notice carries the refund PayPal made (whose `up` link is the capture), or
 * the capture itself; either way only the id is taken, and the capture is read again.
 */
function reversedCaptureOf(resource: Resource | undefined): string | null {
  const up = resource?.links?.find((link) => link.rel === "up" && typeof link.href === "string");
  const fromLink =
    typeof up?.href === "string" ? /\/v2\/payments\/captures\/([^/?]+)/.exec(up.href)?.[1] : undefined;
  return captureIdOf(fromLink ?? resource?.id);
}

/** When a notice was made, for a reversal's record; now if it does not say. */
function createdOf(createTime: unknown): Date {
  const at = typeof createTime === "string" ? new Date(createTime) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date();
}

/**
 * A dispute's or reversal's notice: the dispute read again through the gateway (which puts PayPal's dispute in the
 * processor interface's words), or the reversed capture read again from PayPal, and handed on. Nothing for any other
 * event. Done before the event is marked processed, so a failure leaves it to PayPal's retry.
 */
export async function handlePaypalDisputeEvent(
  deps: { gateway: PaymentGateway },
  paypal: PaypalApi,
  event: { event_type: string; create_time?: unknown; resource?: Resource },
  disputes: DisputeSink,
): Promise<void> {
  if (DISPUTE_EVENT_TYPES.has(event.event_type)) {
    const id = disputeIdOf(event.resource?.dispute_id);
    if (id) await disputes.dispute(await deps.gateway.retrieveDispute(id));
  } else if (event.event_type === REVERSAL_EVENT) {
    const captureId = reversedCaptureOf(event.resource);
    // A capture PayPal does not have reversed is no reversal, whatever the notice says.
    const reversal = captureId ? await reversalOf(paypal, captureId, createdOf(event.create_time)) : null;
    if (reversal) await disputes.dispute(reversal);
  }
}
