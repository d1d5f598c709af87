import { queryRows } from "@mx/kit/sql";
import { type GatewayIntent, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { DisputeSubject } from "../../db/schema/states";
import { bidHoldKey } from "../bids/bid-rows";
import { developmentChargeKey } from "../developments/development-rows";
import { purchaseChargeKey } from "../properties/settle-purchase";

/** What a payment bought, found by its processor id: its row, the building (none for a shop order) and who paid. */
export type PaymentSubject = {
  subject: DisputeSubject;
  /** The purchase's, bid's, development's or shop order's id. */
  subjectId: string;
  buildingId: string | null;
  payerId: string | null;
};

/**
 * The purchase, won bid, development or shop order a payment paid for; null for a payment the platform does not know
 * (or one that bought nothing: a bid's hold released). One statement over the four tables, each of which keeps at most
 * one row per payment.
 */
export async function paymentSubjectOf(
  q: Queryable,
  paymentIntentId: string,
): Promise<PaymentSubject | null> {
  const [row] = await queryRows<{
    subject: DisputeSubject;
    subject_id: string;
    building_id: string | null;
    payer_id: string | null;
  }>(
    q,
    sql`select 'purchase' as subject, id::text as subject_id, building_id, user_id::text as payer_id
          from purchases where payment_intent_id = ${paymentIntentId} and status in ('completed', 'refunding', 'refunded')
        union all
        select 'bid', id::text, building_id, bidder_id::text
          from bids where payment_intent_id = ${paymentIntentId} and status in ('accepted', 'refunding')
        union all
        select 'development', id::text, building_id, user_id::text
          from developments where payment_intent_id = ${paymentIntentId}
            and state in ('constructing', 'completed', 'refunding', 'refunded')
        union all
        -- A shop order is paid by whoever checks out (no account needed); a PayPal order keeps its checkout's id.
        select 'shop_order', id::text, null, null
          from shop_orders where payment_intent_id = ${paymentIntentId} or checkout_session_id = ${paymentIntentId}
        limit 1`,
  );
  return row
    ? { subject: row.subject, subjectId: row.subject_id, buildingId: row.building_id, payerId: row.payer_id }
    : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each operation that charges a card: the key its intents carry as `operation` metadata (the one its money operation
 * makes them under), and where it keeps its row while the payment is made and not yet settled.
 */
const UNSETTLED: { key: (id: string) => string; open: (id: string) => SQL }[] = [
  {
    key: purchaseChargeKey,
    open: (id) => sql`select 1 from purchases where id = ${id}::uuid and status = 'pending'`,
  },
  {
    key: developmentChargeKey,
    open: (id) => sql`select 1 from developments where id = ${id}::uuid and state = 'reserved'`,
  },
  {
    key: bidHoldKey,
    open: (id) => sql`select 1 from bids where id = ${id}::uuid and status in ('holding', 'accepting')`,
  },
];

/**
 * The operation that made a payment and has not settled it yet (a purchase or development reserved, a bid's hold or
 * its capture under way), named by the `operation` metadata every intent the platform creates carries; null if there
 * is none, or the processor has no such payment.
 */
async function unsettledOperationOf(
  q: Queryable,
  gateway: PaymentGateway,
  paymentIntentId: string,
): Promise<string | null> {
  let intent: GatewayIntent;
  try {
    intent = await gateway.retrievePaymentIntent(paymentIntentId);
  } catch (error) {
    if (error instanceof GatewayRequestError && error.statusCode === 404) return null;
    throw error;
  }
  const operation = intent.metadata.operation ?? "";
  // The row's id ends the key; which operation made it is told by rebuilding the key from that id.
  const id = operation.slice(-36);
  const made = UUID.test(id) ? UNSETTLED.find(({ key }) => key(id) === operation) : undefined;
  if (!made) return null;
  return (await queryRows(q, made.open(id))).length > 0 ? operation : null;
}

/** A processor's notice about a payment whose operation has not settled it yet: to be told again later. */
class EarlyNoticeError extends Error {
  constructor(what: string, operation: string) {
    super(`${what} concerns the payment of ${operation}, which is not settled yet; it is to be told again`);
    this.name = "EarlyNoticeError";
  }
}

/**
 * Throws EarlyNoticeError when a notice (a dispute, an early fraud warning) concerns a payment the platform made but
 * has not settled: the processor may tell of it between the charge and the settling transaction, or before recovery
 * settles the payment of a process that stopped. Taken for a payment the platform does not know, the notice would be
 * dropped; thrown, it is told again (Stripe's webhook answered 500, the sandbox's queue tried later). A settling
 * that commits between the two reads is found by the caller's transaction, which reads what the payment bought again.
 */
export async function refuseEarlyNotice(
  q: Queryable,
  gateway: PaymentGateway,
  paymentIntentId: string,
  what: string,
): Promise<void> {
  if (await paymentSubjectOf(q, paymentIntentId)) return;
  const operation = await unsettledOperationOf(q, gateway, paymentIntentId);
  if (operation) throw new EarlyNoticeError(what, operation);
}
