import type { Profile } from "@mx/shared/schemas/auth";
import type { users } from "../../db/schema/users";

type UserRow = typeof users.$inferSelect;

export function presentProfile(user: UserRow, totalPropertyPriceCents: number): Profile {
  return {
    _id: user.id,
    fullName: user.fullName,
    userName: user.userName ?? "",
    email: user.email ?? "",
    buildingColor: user.buildingColor,
    totalPropertyPrice: totalPropertyPriceCents / 100,
    isStripeIntegrated: user.isStripeIntegrated,
    stripeConnAccId: user.stripeConnAccId,
    createdAt: user.createdAt.toISOString(),
  };
}
