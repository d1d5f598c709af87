import type { FindIntentInput } from "@mx/processors/gateway";
import { CURRENCY } from "@mx/shared/constants";
import type { developments } from "../../db/schema/developments";
import { accounts, paymentEntries } from "../ledger/ledger";

/** A development's row, with what its reservation found of the owner's payment (not stored). */
export type DevelopmentRow = typeof developments.$inferSelect & {
  cardId?: string | null;
  customerId?: string | null;
};

/** The processor keys of a development: fixed by its id, so every retry and every recovery uses the same ones. */
export const developmentChargeKey = (id: string) => `development:${id}`;
export const developmentRefundKey = (id: string) => `development-refund:${id}`;

/** What the processor is to take for a development: its total less the credits it spends. */
export const chargeOf = (row: DevelopmentRow) => row.totalCents - row.creditsCents;

/** A started development's journal (kind `development`): the one way it is written, and reversed by its refund. */
export const developmentEntries = (row: DevelopmentRow) =>
  paymentEntries({
    chargeCents: chargeOf(row),
    creditsCents: row.creditsCents,
    revenueAccount: accounts.developmentRevenue,
    priceCents: row.costCents,
  });

/**
 * A development's charge as its row records it: the same call when it is made and when recovery rebuilds it to
 * find the intent it may have made (see findPaymentIntent).
 */
export function developmentCharge(row: DevelopmentRow): FindIntentInput {
  return {
    operation: developmentChargeKey(row.id),
    paymentMethodId: row.paymentMethodId,
    amountCents: chargeOf(row),
    currency: CURRENCY,
    captureMethod: "automatic",
    metadata: {
      purpose: "development",
      developmentId: row.id,
      buildingId: row.buildingId,
      userId: row.userId,
      amountCents: String(chargeOf(row)),
    },
  };
}
