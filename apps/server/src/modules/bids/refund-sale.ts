import { ASK_PROCESSING_FEE_CENTS, BUY_PROCESSING_FEE_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import type { AppDeps } from "../../deps";
import { lockBuildings } from "../buildings/lock-buildings";
import { forgetSearches } from "../buildings/search-buildings";
import { clawBackClearing } from "../ledger/clearing";
import { accounts, type Entry, postJournal } from "../ledger/ledger";
import { refundOperation } from "../money/operation";
import type { BidRow } from "./bid-rows";
import { acceptOperation } from "./decide-bid";

/** Where a sale's refund stands, as the record that carries it says (an accepted bid keeps its status). */
export type SaleRefundState = "open" | "begun" | "done";

/**
 * The record that carries a sale's refund (an accepted bid stays accepted, and recognisable as the sale it was): its
 * state, read under the building's lock; and its beginning, written in the same transaction as the refund's journal.
 */
export type SaleRefundRecord = {
  /** The reference of the clawback of the seller's clearing proceeds (the record's id). */
  reference: string;
  state(tx: Tx): Promise<SaleRefundState>;
  /** Takes the building back from the bidder if they still own it; whether it went back. */
  takeBack(tx: Tx): Promise<boolean>;
  begin(tx: Tx, taken: { returned: boolean; clawedBackCents: number }): Promise<void>;
};

/**
 * Refunds an accepted bid's captured payment to its bidder, through the money operation's refund (money/operation.ts)
 * under the bid's refund key: in one transaction under the building's lock the record is marked begun, the building
 * taken back (when the bidder still owns it), the seller's proceeds still clearing taken back, and the `sale_refund`
 * journal posted; then the processor refunds the capture; a refund found begun is asked again under the same key.
 * False once the record says it is done.
 *
 * The journal: the bidder's total back to the card; the platform gives up the fees and the tax; the seller's share
 * comes from what was taken back from their clearing proceeds, and whatever had cleared already is the platform's loss
 * (`chargeback_losses`).
 */
export async function refundSale(
  deps: AppDeps,
  bid: BidRow,
  reason: string,
  record: SaleRefundRecord,
): Promise<boolean> {
  const op = {
    ...acceptOperation(deps),
    name: "sale-refund",
    beginRefund: () => beginSaleRefund(deps, bid, record),
    // The capture went back whole, and the bid stays accepted: the record says it was refunded.
    endRefund: async () => {},
  };
  const done = await refundOperation(op, bid, bid.paymentIntentId, reason);
  forgetSearches(deps.db);
  return done;
}

async function beginSaleRefund(deps: AppDeps, bid: BidRow, record: SaleRefundRecord): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [bid.buildingId]);
    const state = await record.state(tx);
    if (state !== "open") return state === "begun";
    const [now] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bid.id));
    if (now?.status !== "accepted") return false;
    const returned = await record.takeBack(tx);
    const clawedBackCents = bid.paymentIntentId
      ? await clawBackClearing(tx, { paymentIntentId: bid.paymentIntentId, reference: record.reference })
      : 0;
    await postJournal(tx, {
      kind: "sale_refund",
      reference: bid.id,
      building: { id: bid.buildingId },
      memo: `${bid.buildingId} sale refunded to its buyer: ${formatCents(bid.totalCents)}`,
      entries: saleRefundEntries(bid, clawedBackCents),
    });
    await record.begin(tx, { returned, clawedBackCents });
    return true;
  });
}

/** The sale's journal given back to the bidder, the seller's share from their clawed-back proceeds or lost. */
function saleRefundEntries(
  bid: Pick<BidRow, "totalCents" | "amountCents">,
  clawedBackCents: number,
): Entry[] {
  const sellerShare = bid.amountCents - ASK_PROCESSING_FEE_CENTS;
  const lost = sellerShare - clawedBackCents;
  return [
    { account: accounts.cardFunding, amountCents: bid.totalCents },
    { account: accounts.platformFees, amountCents: -(BUY_PROCESSING_FEE_CENTS + ASK_PROCESSING_FEE_CENTS) },
    { account: accounts.salesTaxPayable, amountCents: -SALES_TAX_CENTS },
    ...(clawedBackCents > 0 ? [{ account: accounts.disputesClawedBack, amountCents: -clawedBackCents }] : []),
    ...(lost !== 0 ? [{ account: accounts.chargebackLosses, amountCents: -lost }] : []),
  ];
}
