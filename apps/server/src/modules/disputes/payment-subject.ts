import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import type { DisputeSubject } from "../../db/schema/states";

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
