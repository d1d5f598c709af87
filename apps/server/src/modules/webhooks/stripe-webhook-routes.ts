import { ok } from "@mx/kit/reply";
import type { GatewayIntent, PaymentGateway } from "@mx/processors/gateway";
import { envelope } from "@mx/shared/schemas/common";
import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import type { Db } from "../../db/client";
import { stripeEvents } from "../../db/schema/payments";
import type { Mailer } from "../mail/mailer";
import { deliverSoon } from "../outbox/deliver";
import type { QueuedMessage } from "../outbox/queue-message";
import { syncPaymentIntent } from "../payments/sync-payment-intent";
import { ACCOUNT_EVENT_TYPES, applyAccountUpdate, readAccountEvent } from "../payouts/payout-account";
import { applyPayoutEvent, PAYOUT_EVENT_TYPES, readPayoutEvent } from "../payouts/payout-events";
import { queueOrderConfirmation, recordShopOrder } from "../shop/complete-order";
import { DISPUTE_HANDLERS, type DisputeHandlers, type DisputeSink, disputeSink } from "./dispute-notices";
import { finishPayment } from "./finish-payment";

/** What checks a delivery: `Stripe.webhooks` (the SDK's HMAC check on the raw body, with its 5-minute tolerance). */
type WebhookVerifier = {
  constructEvent(payload: string | Buffer, header: string, secret: string): Stripe.Event;
};

export type StripeWebhookOptions = {
  /** The endpoint's signing secret (`whsec_…`); defaults to `config.stripe.webhookSecret`. */
  webhookSecret?: string | null;
  /**
   * The Connect endpoint's signing secret (its connected accounts' events: payouts); defaults to
   * `config.stripe.connectWebhookSecret`. Deliveries to `/stripe/connect-webhooks` are checked against it alone.
   */
  connectWebhookSecret?: string | null;
  /** Where state is re-read from; defaults to `app.deps.gateway`. */
  gateway?: PaymentGateway;
  verifier?: WebhookVerifier;
  /** What disputes and early fraud warnings are handed to; defaults to the disputes module's handlers. */
  disputes?: DisputeHandlers;
};

/** Disputes' events: the dispute is re-read and handed to the disputes module, whatever changed. */
const DISPUTE_EVENT_TYPES: ReadonlySet<string> = new Set([
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.funds_reinstated",
]);
const FRAUD_WARNING_EVENT = "radar.early_fraud_warning.created";

/** The events we act on; any other type is recorded and answered 200, so Stripe stops sending it. */
const HANDLED_EVENT_TYPES: ReadonlySet<string> = new Set([
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "payment_intent.amount_capturable_updated",
  "charge.refunded",
  ...PAYOUT_EVENT_TYPES,
  ...ACCOUNT_EVENT_TYPES,
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  ...DISPUTE_EVENT_TYPES,
  FRAUD_WARNING_EVENT,
]);

const WebhookData = z.object({ received: z.literal(true), duplicate: z.boolean(), ignored: z.boolean() });
type WebhookData = z.infer<typeof WebhookData>;

const INVALID_SIGNATURE = "Invalid webhook signature.";

const fail = (reply: FastifyReply, statusCode: number, code: string, message: string) =>
  reply.code(statusCode).send({ statusCode, message, code });

/**
 * The payment intent an event is about, as an id to re-read; the event's copy of the object is never trusted.
 * Null for types we do not act on, and for a charge without an intent.
 */
function intentIdOf(event: Stripe.Event): string | null {
  if (!HANDLED_EVENT_TYPES.has(event.type)) return null;
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  if (object.object === "payment_intent") return typeof object.id === "string" ? object.id : null;
  if (object.object === "charge") {
    const pi = object.payment_intent;
    if (typeof pi === "string") return pi;
    if (pi && typeof pi === "object" && typeof (pi as { id?: unknown }).id === "string")
      return (pi as { id: string }).id;
  }
  return null;
}

/** The shop checkout session a handled `checkout.session.*` event is about, as an id to re-read. */
function checkoutSessionIdOf(event: Stripe.Event): string | null {
  if (!HANDLED_EVENT_TYPES.has(event.type)) return null;
  const object = event.data.object as { object?: string; id?: unknown };
  return object.object === "checkout.session" && typeof object.id === "string" ? object.id : null;
}

/** The id of the object an event is about, when it is of the kind named; the event's copy is never trusted. */
function objectIdOf(event: Stripe.Event, kind: string): string | null {
  const object = event.data.object as { object?: string; id?: unknown };
  return object.object === kind && typeof object.id === "string" ? object.id : null;
}

/**
 * A dispute's or early fraud warning's event: the object re-read from the processor, then handed on. The handlers
 * open their own transactions, so this runs before the event is marked processed, and not inside that mark's
 * transaction: a failure leaves the event to Stripe's retry, and a retry finds the work done.
 */
async function handleDisputeEvent(
  gateway: PaymentGateway,
  event: Stripe.Event,
  disputes: DisputeSink | undefined,
): Promise<void> {
  const disputeId = DISPUTE_EVENT_TYPES.has(event.type) ? objectIdOf(event, "dispute") : null;
  const warningId =
    event.type === FRAUD_WARNING_EVENT ? objectIdOf(event, "radar.early_fraud_warning") : null;
  if (!disputeId && !warningId) return;
  if (!disputes) throw new Error(`No handler for ${event.type}`);
  if (disputeId) await disputes.dispute(await gateway.retrieveDispute(disputeId));
  if (warningId) await disputes.fraudWarning(await gateway.retrieveFraudWarning(warningId));
}

/**
 * Handles one verified event at most once. The event row is written first (outside any transaction) and
 * `processed_at` only when the work committed, so a failed attempt leaves a row Stripe's retry picks up again.
 */
export async function handleStripeEvent(
  db: Db,
  gateway: PaymentGateway,
  event: Stripe.Event,
  /** Where a paid shop order's confirmation goes; without it the order is recorded and the e-mail left to later. */
  shop?: { mailer: Mailer; log?: { error: (obj: object, msg: string) => void } },
  /** Finishes what a settled payment was for (a purchase or bid waiting for the bank), after the event is recorded. */
  finish?: (intent: GatewayIntent) => Promise<void>,
  /** Where a dispute or early fraud warning goes once re-read (the disputes module's handlers). */
  disputes?: DisputeSink,
): Promise<WebhookData> {
  const ignored = !HANDLED_EVENT_TYPES.has(event.type);
  const inserted = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (inserted.length === 0) {
    const [seen] = await db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    if (seen?.processedAt) return { received: true, duplicate: true, ignored };
  }

  // Read from the processor before the transaction: a slow answer must not hold a lock.
  const intentId = intentIdOf(event);
  const intent = intentId ? await gateway.retrievePaymentIntent(intentId) : null;
  const payout = await readPayoutEvent(db, gateway, event);
  const account = await readAccountEvent(db, gateway, event);
  const checkoutId = checkoutSessionIdOf(event);
  const checkout = checkoutId ? await gateway.retrieveCheckoutSession(checkoutId) : null;
  await handleDisputeEvent(gateway, event, disputes);
  let confirmation: QueuedMessage | null = null;

  const result = await db.transaction(async (tx) => {
    // Serialises two deliveries of one event that arrive together: the second finds it processed.
    const [row] = await tx
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
      .for("update");
    if (row?.processedAt) return { received: true as const, duplicate: true, ignored };
    if (intent) await syncPaymentIntent(tx, intent);
    if (payout) await applyPayoutEvent(tx, payout);
    if (account) await applyAccountUpdate(tx, account);
    if (checkout) {
      const order = await recordShopOrder(tx, checkout, gateway.kind);
      // Queued with the order, so an e-mail is never sent for an order that was rolled back; once, whoever
      // reports first.
      if (order && shop) confirmation = await queueOrderConfirmation(tx, order.orderId);
    }
    await tx.update(stripeEvents).set({ processedAt: new Date() }).where(eq(stripeEvents.id, event.id));
    return { received: true as const, duplicate: false, ignored };
  });
  if (intent && finish && !result.duplicate) await finish(intent);
  // Sent after the commit. Assigned inside the transaction's callback, which TypeScript's narrowing does not follow.
  if (shop) deliverSoon({ db, mailer: shop.mailer, log: shop.log }, confirmation as QueuedMessage | null);
  return result;
}

/**
 * `POST /stripe/webhooks` (under `/api/v1`): Stripe's event deliveries. The signature is checked on the raw body,
 * each event is handled once, and the state it reports is re-read from Stripe. A failure answers 500, so Stripe
 * delivers the event again later.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, options) => {
  const secret = options.webhookSecret ?? app.deps.config.stripe?.webhookSecret ?? null;
  const connectSecret = options.connectWebhookSecret ?? app.deps.config.stripe?.connectWebhookSecret ?? null;
  const gateway = options.gateway ?? app.deps.gateway;
  const verifier: WebhookVerifier = options.verifier ?? Stripe.webhooks;
  const handlers = options.disputes ?? DISPUTE_HANDLERS;
  if (!gateway) throw new Error("stripeWebhookRoutes needs a payment gateway");

  // Only in this plugin: the body stays the exact bytes Stripe signed.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  const endpoint = (url: string, secret: string | null, summary: string) =>
    app.post(
      url,
      { schema: { tags: ["stripe"], summary, response: { 200: envelope(WebhookData) } } },
      async (req, reply) => {
        if (!secret) {
          return fail(
            reply,
            503,
            "UNAVAILABLE",
            `Stripe webhooks (${url}) are not configured on this server.`,
          );
        }
        const header = req.headers["stripe-signature"];
        if (!Buffer.isBuffer(req.body) || typeof header !== "string" || header.length === 0) {
          return fail(reply, 400, "BAD_REQUEST", INVALID_SIGNATURE);
        }
        let event: Stripe.Event;
        try {
          event = verifier.constructEvent(req.body, header, secret);
        } catch {
          req.log.warn("stripe webhook: signature verification failed");
          return fail(reply, 400, "BAD_REQUEST", INVALID_SIGNATURE);
        }

        try {
          const result = await handleStripeEvent(
            app.deps.db,
            gateway,
            event,
            { mailer: app.deps.mailer, log: req.log },
            (intent) => finishPayment(app.deps, intent),
            disputeSink(handlers, { ...app.deps, log: req.log }),
          );
          const message = result.duplicate
            ? "Event already handled."
            : result.ignored
              ? "Event ignored."
              : "Event handled.";
          return ok(result, message);
        } catch (err) {
          req.log.error({ err, eventId: event.id, eventType: event.type }, "stripe webhook: handling failed");
          return fail(
            reply,
            500,
            "INTERNAL",
            "The event could not be handled; Stripe will deliver it again.",
          );
        }
      },
    );

  endpoint("/stripe/webhooks", secret, "Stripe event deliveries (signed with the endpoint secret)");
  // Connected accounts' events (payouts) come from a Connect endpoint, signed with a secret of its own.
  endpoint(
    "/stripe/connect-webhooks",
    connectSecret,
    "Stripe Connect event deliveries (signed with the Connect endpoint's own secret)",
  );
};
