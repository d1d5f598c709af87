import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import { DEVELOPMENT_KINDS, type DevelopmentKind } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { AppDeps } from "../../deps";
import { runOperation } from "../money/operation";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait } from "../payments/waiting-payments";
import { developSteps } from "./develop-steps";
import { developmentOperation } from "./development-operation";
import { type DevelopResult, resultOf } from "./present-development";

export type DevelopInput = {
  propertyId: string;
  kind: string;
  paymentMethodId?: string;
  credits?: number;
  paypal?: boolean;
};

/**
 * POST properties/develop. The money operation's three steps (money/operation.ts), batched with the requests that
 * arrive at the same moment (`together`):
 *   1. reserve, under the building's lock (as asks and bids take it): the owner, the building not for sale nor
 *      under construction, the next level; a `reserved` row, one per building at a time, with its credits held;
 *   2. the card or PayPal charged under `development:<id>`;
 *   3. in one transaction: construction started (the row `constructing`, the building's `constructing_until`),
 *      the payment recorded, and the journal (card and credits in; cost to development revenue, fee, tax).
 * Of two requests at once for one building, the second finds the first's row and is refused before anything is
 * charged.
 */
export async function developProperty(
  deps: AppDeps,
  userId: string,
  input: DevelopInput,
): Promise<DevelopResult> {
  if (!(DEVELOPMENT_KINDS as readonly string[]).includes(input.kind)) {
    throw new AppError("BAD_REQUEST", `kind: must be one of ${DEVELOPMENT_KINDS.join(", ")}`);
  }
  const kind = input.kind as DevelopmentKind;
  const creditsCents = input.credits === undefined ? 0 : dollarsToCents(input.credits);
  if (creditsCents === null || creditsCents < 0) {
    throw new AppError("BAD_REQUEST", "credits: must be a whole number of cents, 0 or more");
  }
  const paypal = input.paypal === true || input.paymentMethodId === PAYPAL_METHOD;
  if (paypal && !deps.gateway.paypal) throw new AppError("BAD_REQUEST", "PayPal is not offered here.");
  if (paypal) await assertRoomToWait(deps, userId);
  const row = await developSteps(deps).reserve({
    id: newId(),
    userId,
    key: input.propertyId,
    kind,
    creditsCents,
    paypal,
    paymentMethodId: paypal ? null : (input.paymentMethodId ?? null),
  });
  const op = developmentOperation(deps, paypal ? PAYPAL_METHOD : (row.cardId ?? null));
  return resultOf(row, await runOperation(op, row));
}
