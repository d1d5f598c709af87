import { formatCents } from "@mx/shared/money";
import type { Tx } from "../../db/client";
import type { disputes } from "../../db/schema/disputes";
import { accounts, type Entry, postJournal } from "../ledger/ledger";

/** A dispute as its table holds it. */
export type DisputeRow = typeof disputes.$inferSelect;

/**
 * A dispute's journals, each posted once (its kind and the dispute's id are the journal's key), in the transaction
 * that records the state it pays for. While the processor holds a disputed payment's funds they sit in `disputes`
 * (debited), with its fee in `dispute_fees`; a win gives the amount back, a loss turns it into `chargeback_losses`.
 */

const buildingOf = (row: DisputeRow) => (row.buildingId ? { building: { id: row.buildingId } } : {});

/** The processor took the amount and its fee from the platform's balance (`dispute_withdrawn`). */
export async function bookWithdrawal(tx: Tx, row: DisputeRow, feeCents: number): Promise<void> {
  const fee: Entry[] = feeCents > 0 ? [{ account: accounts.disputeFees, amountCents: -feeCents }] : [];
  await postJournal(tx, {
    kind: "dispute_withdrawn",
    reference: row.id,
    ...buildingOf(row),
    memo: `disputed payment of ${formatCents(row.amountCents)} withdrawn by the processor${
      feeCents > 0 ? `, with a fee of ${formatCents(feeCents)}` : ""
    }`,
    entries: [
      { account: accounts.disputes, amountCents: -row.amountCents },
      ...fee,
      { account: accounts.cardFunding, amountCents: row.amountCents + feeCents },
    ],
  });
}

/** A won dispute's amount given back by the processor; the fee stays lost (`dispute_reinstated`). */
export async function bookReinstatement(tx: Tx, row: DisputeRow): Promise<void> {
  await postJournal(tx, {
    kind: "dispute_reinstated",
    reference: row.id,
    ...buildingOf(row),
    memo: `disputed payment of ${formatCents(row.amountCents)} reinstated: the dispute was won`,
    entries: [
      { account: accounts.disputes, amountCents: row.amountCents },
      { account: accounts.cardFunding, amountCents: -row.amountCents },
    ],
  });
}

/** A lost dispute: the amount the processor keeps is the platform's loss (`dispute_lost`). */
export async function bookLoss(tx: Tx, row: DisputeRow): Promise<void> {
  await postJournal(tx, {
    kind: "dispute_lost",
    reference: row.id,
    ...buildingOf(row),
    memo: `dispute lost: ${formatCents(row.amountCents)} booked as a chargeback loss`,
    entries: [
      { account: accounts.disputes, amountCents: row.amountCents },
      { account: accounts.chargebackLosses, amountCents: -row.amountCents },
    ],
  });
}
