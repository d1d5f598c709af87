import type { Profile } from "@mx/shared/schemas/auth";
import type { users } from "../../db/schema/users";
import { isConnected } from "../payouts/payout-account";

type UserRow = typeof users.$inferSelect;

export function presentProfile(user: UserRow, totalPropertyPriceCents: number): Profile {
  return {
    _id: user.id,
    fullName: user.fullName,
    userName: user.userName ?? "",
    email: user.email ?? "",
    buildingColor: user.buildingColor,
    totalPropertyPrice: totalPropertyPriceCents / 100,
    // An account made before the platform managed payout accounts no longer counts: the player connects again.
    isStripeIntegrated: isConnected(user),
    stripeConnAccId: isConnected(user) ? user.stripeConnAccId : null,
    createdAt: user.createdAt.toISOString(),
    hideHoldings: user.hideHoldings,
    restriction: user.restrictedReason
      ? { reason: user.restrictedReason, since: (user.restrictedAt ?? user.updatedAt).toISOString() }
      : null,
  };
}
