import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { StatementKind } from "@mx/shared/schemas/market";
import { accounts, type JournalKind } from "../ledger/ledger";
import { costOf, type PlayerJournal, proceedsOf, saleRefundOf } from "./player-journals";

/**
 * One row before its running balance, in cents: `sortAt` (seconds, with fractions) and `order` place movements made
 * within the same second.
 */
export type Movement = {
  at: number;
  sortAt: number;
  order: string;
  kind: StatementKind;
  description: string;
  buildingId: string | null;
  building: string | null;
  card: number;
  credits: number;
  fees: number;
  tax: number;
  earnings: number;
};

/** A row's columns before its kind and description: the journal's time, building, credits and earnings. */
type Base = Omit<Movement, "kind" | "description">;

/** How a row names the journal's building and its development. */
type Names = { building: string; development: string };

/** A journal's signed cents on one account (0 when it has no entry there). */
const entryOf = (j: PlayerJournal, account: string) => j.entries.get(account) ?? 0;

/** The columns every row of the journal starts from. */
function baseOf(j: PlayerJournal, userId: string): Base {
  const e = (account: string) => entryOf(j, account);
  return {
    at: j.at,
    sortAt: j.exactAt,
    order: `1:${j.id}`,
    buildingId: j.building?.id ?? null,
    building: j.building?.name ?? null,
    card: 0,
    credits: e(accounts.credits(userId)) + e(accounts.creditsDebt(userId)),
    fees: 0,
    tax: 0,
    // Proceeds still clearing are the player's from the sale on: they count with the earnings.
    earnings: e(accounts.earnings(userId)) + e(accounts.clearing(userId)),
  };
}

/** A purchase or a development paid for, or either refunded: what the card, fees and tax paid or got back. */
function costMovement(
  j: PlayerJournal,
  kind: Extract<JournalKind, "purchase" | "purchase_refund" | "development" | "development_refund">,
  base: Base,
  { building, development }: Names,
): Movement {
  const c = costOf(j);
  const paid = { ...base, card: -c.card, fees: c.fees, tax: c.tax };
  const credits = c.credits > 0 ? `, ${formatCents(c.credits)} of it in credits` : "";
  switch (kind) {
    case "purchase":
      return {
        ...paid,
        kind: "purchase",
        description: `Bought ${building} from the game for ${formatCents(c.price)}${credits}`,
      };
    case "purchase_refund":
      // The purchase's journal reversed by an operator: every column the purchase took comes back.
      return {
        ...paid,
        kind: "refund",
        description: `Refunded: buying ${building} for ${formatCents(-c.price)} was taken back`,
      };
    case "development":
      return {
        ...paid,
        kind: "development",
        description: `${development} for ${formatCents(c.price)}${credits}`,
      };
    case "development_refund":
      // The development's journal reversed by an operator: its card charge, fee and tax come back.
      return {
        ...paid,
        kind: "refund",
        description: `Refunded: ${development} for ${formatCents(-c.price)} was taken back`,
      };
  }
}

/** A sale: for the buyer, their won bid captured; for the seller, the proceeds less the fee. */
function saleMovement(j: PlayerJournal, userId: string, base: Base, building: string): Movement {
  if (j.trade?.side === "buyer") {
    const c = costOf(j);
    // The card was held when the bid was made (its hold row); the capture takes what was held.
    return {
      ...base,
      kind: "bid-capture",
      description: `Bid captured: bought ${building} for ${formatCents(c.price)}`,
      fees: c.fees,
      tax: c.tax,
    };
  }
  const s = proceedsOf(j, userId);
  return {
    ...base,
    kind: "sale",
    description: j.trade ? `Sold ${building} for ${formatCents(s.price)}` : "Sale",
    fees: j.trade ? s.fee : 0,
  };
}

/** Credits spent on a purchase or a development, or returned when it did not go through. */
function creditsMovement(
  kind: Extract<
    JournalKind,
    "purchase-credits" | "purchase-credits-release" | "development-credits" | "development-credits-release"
  >,
  base: Base,
  { building, development }: Names,
): Movement {
  switch (kind) {
    case "purchase-credits":
      return { ...base, kind: "credits-spent", description: `Credits spent on buying ${building}` };
    case "purchase-credits-release":
      return {
        ...base,
        kind: "credits-returned",
        description: `Credits returned: buying ${building} did not complete`,
      };
    case "development-credits":
      return { ...base, kind: "credits-spent", description: `Credits spent on ${development}` };
    case "development-credits-release":
      return {
        ...base,
        kind: "credits-returned",
        description: `Credits returned: ${development} did not go through`,
      };
  }
}

/** A payout or an account's refund on deletion, or either failing: the money out and its fee. */
function paidOutMovement(
  j: PlayerJournal,
  kind: Extract<JournalKind, "payout" | "payout_reversal" | "account_refund" | "account_refund_reversal">,
  base: Base,
): Movement {
  const out = entryOf(j, accounts.payouts) + entryOf(j, accounts.refunds);
  const kinds = {
    payout: ["payout", "Payout"],
    payout_reversal: ["payout-reversal", "Payout failed: returned to your balance"],
    account_refund: ["account-refund", "Balance refunded on account deletion"],
    account_refund_reversal: ["account-refund-reversal", "Refund failed: owed again"],
  } as const;
  const [rowKind, description] = kinds[kind];
  return { ...base, kind: rowKind, description, card: out, fees: entryOf(j, accounts.platformFees) };
}

/**
 * A sale's proceeds clearing: once cleared they are withdrawable (nothing in the balance moves: they counted from
 * the sale on); taken back while the buyer's payment is disputed (or refunded after a fraud warning), and returned
 * when the dispute is won.
 */
function clearingMovement(
  j: PlayerJournal,
  kind: Extract<JournalKind, "earnings_cleared" | "dispute_clawback" | "dispute_clawback_return">,
  base: Base,
  building: string,
): Movement {
  switch (kind) {
    case "earnings_cleared":
      return {
        ...base,
        // Cleared in the sale's own transaction (no hours to wait), it comes after the sale, at the same time.
        order: `3:${j.id}`,
        kind: "proceeds-cleared",
        description: `Proceeds cleared: the sale of ${building} can be withdrawn`,
      };
    case "dispute_clawback":
      return {
        ...base,
        kind: "proceeds-held-back",
        description: j.fraudWarning
          ? `Proceeds held back: the buyer's payment for ${building} was refunded after a fraud warning`
          : `Proceeds held back: the buyer's payment for ${building} is disputed`,
      };
    case "dispute_clawback_return":
      return {
        ...base,
        kind: "proceeds-returned",
        description: `Proceeds returned: the dispute on ${building} was won`,
      };
  }
}

const disputeWords = {
  dispute_withdrawn: (building: string) => `Payment for ${building} disputed`,
  dispute_reinstated: (building: string) => `Dispute on ${building} won`,
  dispute_lost: (building: string) => `Dispute on ${building} lost`,
  chargeback_refund: (building: string) => `Refund for ${building} made by the chargeback`,
  sale_refund: (building: string) => `Refunded: buying ${building} was taken back`,
} as const;

/**
 * A won bid's capture given back to the bidder (a refund after an early fraud warning): the card gets back all it paid,
 * and the fee and tax it paid come back with it.
 */
function saleRefundMovement(j: PlayerJournal, base: Base, building: string): Movement {
  const c = saleRefundOf(j);
  return {
    ...base,
    kind: "refund",
    description: disputeWords.sale_refund(building),
    card: -c.card,
    fees: c.fees,
    tax: c.tax,
  };
}

/**
 * One journal as the player's statement shows it: every kind of journal the ledger knows has its row here (the
 * switch is exhaustive: a kind added to JOURNAL_KINDS fails the typecheck until it is given one).
 */
export function movementOf(j: PlayerJournal, userId: string): Movement {
  const e = (account: string) => entryOf(j, account);
  const base = baseOf(j, userId);
  const building = j.building?.name ?? texts.noName;
  const development = j.development
    ? `${j.development.name} (level ${j.development.level}) of ${building}`
    : `a development of ${building}`;
  const names = { building, development };
  const kind = j.kind;
  switch (kind) {
    case "purchase":
    case "purchase_refund":
    case "development":
    case "development_refund":
      return costMovement(j, kind, base, names);
    case "sale":
      return saleMovement(j, userId, base, building);
    case "purchase-credits":
    case "purchase-credits-release":
    case "development-credits":
    case "development-credits-release":
      return creditsMovement(kind, base, names);
    case "payout":
    case "payout_reversal":
    case "account_refund":
    case "account_refund_reversal":
      return paidOutMovement(j, kind, base);
    case "account_forfeit":
      return {
        ...base,
        kind: "forfeit",
        description: "Balance kept as the processing fee",
        fees: e(accounts.platformFees),
      };
    case "offerwall-credit":
      return { ...base, kind: "credits-earned", description: "Credits earned" };
    case "offerwall-reversal":
      return { ...base, kind: "credits-reversed", description: "Credits taken back by the partner" };
    case "shop_order":
      // A shop order is paid by card at checkout, by e-mail: it touches no player's account, so it shows here
      // only if it ever does.
      return {
        ...base,
        kind: "shop-order",
        description: "Shop order",
        card: e(accounts.cardFunding),
        tax: e(accounts.salesTaxPayable),
      };
    case "earnings_cleared":
    case "dispute_clawback":
    case "dispute_clawback_return":
      return clearingMovement(j, kind, base, building);
    case "sale_refund":
      if (j.trade?.side === "buyer") return saleRefundMovement(j, base, building);
      return {
        ...base,
        kind: "dispute",
        description: disputeWords[kind](building),
        card: e(accounts.cardFunding),
      };
    case "dispute_withdrawn":
    case "dispute_reinstated":
    case "dispute_lost":
    case "chargeback_refund":
      // Between the processor and the platform (or the buyer's card): they touch no player's account, so they show
      // here only if they ever do.
      return {
        ...base,
        kind: "dispute",
        description: disputeWords[kind](building),
        card: e(accounts.cardFunding),
      };
    default: {
      const unknown: never = kind;
      throw new Error(`journal kind ${String(unknown)} has no statement row`);
    }
  }
}
