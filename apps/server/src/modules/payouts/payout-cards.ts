import { AppError } from "@mx/kit/errors";
import type { GatewayExternalAccount } from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import type { AddPayoutCardBody, PayoutCard } from "@mx/shared/schemas/payouts";
import type { AppDeps } from "../../deps";
import { requireConnectedAccount } from "./payout-account";

function presentPayoutCard(card: GatewayExternalAccount): PayoutCard {
  return {
    id: card.id,
    account: card.accountId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    funding: card.funding,
    isDefault: card.isDefault,
    instantAvailable: card.availablePayoutMethods.includes("instant"),
  };
}

/** "VISA •••• 5556": how the payout history names a card. */
export const payoutCardLabel = (card: Pick<GatewayExternalAccount, "brand" | "last4">) =>
  `${card.brand.toUpperCase()} •••• ${card.last4}`;

/** The default card first, then the newest (the processor's order). */
function ordered(cards: GatewayExternalAccount[]): GatewayExternalAccount[] {
  return [...cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The payout cards of a connected account, straight from the processor (it keeps which one is the default). */
export async function payoutCardsOf(deps: AppDeps, accountId: string): Promise<GatewayExternalAccount[]> {
  return ordered(await deps.gateway.listExternalAccounts(accountId));
}

/** GET users/externalAccountList. */
export async function listPayoutCards(deps: AppDeps, userId: string): Promise<PayoutCard[]> {
  const accountId = await requireConnectedAccount(deps.db, userId);
  return (await payoutCardsOf(deps, accountId)).map(presentPayoutCard);
}

/**
 * POST users/stripe/external/account/details/v1: a tokenised debit card becomes a payout card of the player's own
 * connected account (an `accountId` naming any other is refused). The first card becomes the default.
 */
export async function addPayoutCard(
  deps: AppDeps,
  userId: string,
  body: AddPayoutCardBody,
): Promise<PayoutCard> {
  const accountId = await requireConnectedAccount(deps.db, userId);
  if (body.accountId && body.accountId !== accountId) {
    throw new AppError("FORBIDDEN", serverMessages.forbidden);
  }
  const token = body.externalAccount ?? body.tokenId ?? "";
  const hasDefault = (await deps.gateway.listExternalAccounts(accountId)).some((card) => card.isDefault);
  const card = await deps.gateway.createExternalAccount({ accountId, token, isDefault: !hasDefault });
  return presentPayoutCard(card);
}

/** PUT users/setDefaultSubaccount: that card becomes the only default; the whole list comes back. */
export async function setDefaultPayoutCard(
  deps: AppDeps,
  userId: string,
  cardId: string,
): Promise<PayoutCard[]> {
  const accountId = await requireConnectedAccount(deps.db, userId);
  const cards = await deps.gateway.listExternalAccounts(accountId);
  if (!cards.some((card) => card.id === cardId))
    throw new AppError("NOT_FOUND", serverMessages.noSuchPayoutCard);
  await deps.gateway.setDefaultExternalAccount({ accountId, externalAccountId: cardId });
  return (await payoutCardsOf(deps, accountId)).map(presentPayoutCard);
}

/**
 * DELETE users/deleteSubaccount/{id}. The processor will not delete the default card while there are others, so the
 * newest other card is made the default first (as deleting a buying card does).
 */
export async function deletePayoutCard(deps: AppDeps, userId: string, cardId: string): Promise<void> {
  const accountId = await requireConnectedAccount(deps.db, userId);
  const cards = await deps.gateway.listExternalAccounts(accountId);
  const card = cards.find((c) => c.id === cardId);
  if (!card) throw new AppError("NOT_FOUND", serverMessages.noSuchPayoutCard);
  if (card.isDefault) {
    const next = cards.find((c) => c.id !== cardId);
    if (next) await deps.gateway.setDefaultExternalAccount({ accountId, externalAccountId: next.id });
  }
  await deps.gateway.deleteExternalAccount({ accountId, externalAccountId: cardId });
}
