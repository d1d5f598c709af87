import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import type { PaypalApi } from "@mx/processors/paypal-api";
import { envelope } from "@mx/shared/schemas/common";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accountRefunds } from "../../db/schema/payouts";
import { paypalEvents } from "../../db/schema/paypal";
import type { AppDeps } from "../../deps";
import { confirmApproved, isPaypalIntent, sessionOfIntent } from "../payments/paypal-gateway";
import { settlePaypalRefund } from "../payouts/deletion-refund";
import { completeOrder } from "../shop/complete-order";
import { DISPUTE_HANDLERS, type DisputeHandlers, type DisputeSink, disputeSink } from "./dispute-notices";
import { finishPayment } from "./finish-payment";
import { DISPUTE_EVENT_TYPES, handlePaypalDisputeEvent, REVERSAL_EVENT } from "./paypal-dispute-events";

/** Events about an order: the order is read again and finished. */
const ORDER_EVENT_TYPES: ReadonlySet<string> = new Set([
  "CHECKOUT.ORDER.APPROVED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.AUTHORIZATION.CREATED",
]);
/** Events about a payout item (a deleted account's refund): the refund's payout is read again. */
const PAYOUT_ITEM_EVENT_TYPES: ReadonlySet<string> = new Set(
  ["BLOCKED", "CANCELED", "DENIED", "FAILED", "HELD", "REFUNDED", "RETURNED", "SUCCEEDED", "UNCLAIMED"].map(
    (what) => `PAYMENT.PAYOUTS-ITEM.${what}`,
  ),
);
/** The events we act on; any other type is recorded and answered 200, so PayPal stops sending it. */
const PAYPAL_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...ORDER_EVENT_TYPES,
  ...PAYOUT_ITEM_EVENT_TYPES,
  ...DISPUTE_EVENT_TYPES,
  REVERSAL_EVENT,
]);

/** PayPal's ids of orders and payout batches: upper-case letters and digits. */
const paypalId = (id: unknown): string | null =>
  typeof id === "string" && /^[A-Z0-9]{1,40}$/.test(id) ? id : null;

const PaypalEvent = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  resource: z.looseObject({}).optional(),
});
const WebhookData = z.object({ received: z.literal(true), duplicate: z.boolean(), ignored: z.boolean() });

/** The order an event is about, as an id to re-read; the event's copy of it is never trusted. */
function orderIdOf(event: z.infer<typeof PaypalEvent>): string | null {
  if (!ORDER_EVENT_TYPES.has(event.event_type)) return null;
  const resource = event.resource as
    | { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } }
    | undefined;
  return paypalId(
    event.event_type === "CHECKOUT.ORDER.APPROVED"
      ? resource?.id
      : resource?.supplementary_data?.related_ids?.order_id,
  );
}

/** The payout batch a payout item's event is about, as an id to re-read. */
function payoutBatchIdOf(event: z.infer<typeof PaypalEvent>): string | null {
  if (!PAYOUT_ITEM_EVENT_TYPES.has(event.event_type)) return null;
  return paypalId((event.resource as { payout_batch_id?: unknown } | undefined)?.payout_batch_id);
}

/**
 * Handles one verified event at most once: the event row first, `processed_at` once the work is done, so a failed
 * attempt is picked up by PayPal's retry. The order is read again from PayPal; an order the payer approved whose
 * player never came back is captured (or authorized) and finished as the confirm route would have (a purchase, bid
 * or development through `finishPayment`, which lets an order go uncaptured when its player's account is deleted). A payout item's
 * event has the deleted account's refund it paid read again from PayPal. A dispute's event has the dispute read again
 * and handed to the disputes module; a reversed capture is handed on as a dispute already lost.
 */
async function handlePaypalEvent(
  deps: AppDeps,
  event: z.infer<typeof PaypalEvent>,
  paypal: PaypalApi,
  disputes: DisputeSink,
): Promise<z.infer<typeof WebhookData>> {
  const ignored = !PAYPAL_EVENT_TYPES.has(event.event_type);
  const inserted = await deps.db
    .insert(paypalEvents)
    .values({ id: event.id, type: event.event_type })
    .onConflictDoNothing()
    .returning({ id: paypalEvents.id });
  if (inserted.length === 0) {
    const [seen] = await deps.db
      .select({ processedAt: paypalEvents.processedAt })
      .from(paypalEvents)
      .where(eq(paypalEvents.id, event.id));
    if (seen?.processedAt) return { received: true, duplicate: true, ignored };
  }
  const orderId = orderIdOf(event);
  if (orderId) {
    const intentId = `paypal_${orderId}`;
    if (!isPaypalIntent(intentId)) throw new Error("not a PayPal order");
    const read = await deps.gateway.retrievePaymentIntent(intentId);
    // Only orders we made carry our operation's key.
    if (read.metadata.operation) {
      if (read.metadata.purpose === "shop") {
        // A refusal is left to the confirm route or recovery, which record it.
        const intent = await confirmApproved(deps, read, async () => {});
        await completeOrder(deps, sessionOfIntent(intent));
      } else {
        // Captured (or authorized) there, once the operation is known to stand: never for a deleted account.
        await finishPayment(deps, read);
      }
    }
  }
  const batchId = payoutBatchIdOf(event);
  if (batchId) {
    const refunds = await deps.db
      .select({ id: accountRefunds.id })
      .from(accountRefunds)
      .where(and(eq(accountRefunds.provider, "paypal"), eq(accountRefunds.providerCreditId, batchId)));
    for (const refund of refunds) await settlePaypalRefund(deps, refund.id, { evenIfSettled: true });
  }
  await handlePaypalDisputeEvent(deps, paypal, event, disputes);
  // Only once the work is done: a failure above leaves the event for PayPal's retry.
  await deps.db.update(paypalEvents).set({ processedAt: new Date() }).where(eq(paypalEvents.id, event.id));
  return { received: true, duplicate: false, ignored };
}

/**
 * POST /api/v1/paypal/webhooks: PayPal's event deliveries, each checked with PayPal's verify-webhook-signature call
 * before anything is read from it. Registered only with real PayPal and PAYPAL_WEBHOOK_ID. Disputes go to `disputes`
 * (the disputes module's handlers unless a test gives others).
 */
export function paypalWebhookRoutes(
  paypal: PaypalApi,
  webhookId: string,
  disputes: DisputeHandlers = DISPUTE_HANDLERS,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/paypal/webhooks",
      {
        schema: {
          tags: ["payments"],
          summary: "PayPal's webhook: verified with PayPal, handled once, the order re-read from PayPal",
          body: PaypalEvent,
          response: { 200: envelope(WebhookData) },
        },
      },
      async (req) => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        if (!headers["paypal-transmission-sig"] || !headers["paypal-transmission-id"]) {
          throw new AppError("BAD_REQUEST", "Missing PayPal-Transmission-Sig header.");
        }
        const valid = await paypal.verifyWebhookSignature({ headers, event: req.body, webhookId });
        if (!valid) {
          throw new AppError("BAD_REQUEST", "Invalid webhook signature.");
        }
        const deps = { ...app.deps, log: req.log };
        return ok(await handlePaypalEvent(deps, req.body, paypal, disputeSink(disputes, deps)), "Received");
      },
    );
  };
}
