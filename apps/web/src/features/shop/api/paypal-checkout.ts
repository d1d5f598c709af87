import { API_BASE } from "@mx/shared/routes";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import type { PaypalCheckoutBody, PaypalCheckoutData } from "@mx/shared/schemas/shop";
import { useMutation } from "@tanstack/react-query";
import type { ConfirmWithBank } from "../../../components/bank-check/confirm-with-bank";
import { ApiError, paymentRequest } from "../../../lib/api-client";
import { newIdempotencyKey } from "../../../lib/idempotency-key";

const PAYPAL_CHECKOUT = "/shop/paypal/checkout";

/** The shop's confirm needs no session: the checkout id is the customer's proof, as the session id is for cards. */
function confirmCheckout(action: ActionRequiredData) {
  if (!action.confirmPath.startsWith(`${API_BASE}/shop/`)) {
    return Promise.reject(new ApiError("", 0, "BAD_CONFIRM_PATH"));
  }
  return paymentRequest<PaypalCheckoutData>(action.confirmPath.slice(API_BASE.length), {
    method: "POST",
    body: action.confirmBody,
    headers: { "Idempotency-Key": newIdempotencyKey() },
  });
}

/**
 * The shop's checkout with PayPal: the server opens a PayPal order for the lines, shipped to the address at the rate
 * chosen with the sales tax for it (it sets every amount), the customer
 * approves it in the payment dialog, and the server captures it. Settles with the checkout's id, which the return
 * page reads like a card checkout's session id.
 */
async function payWithPaypal(body: PaypalCheckoutBody, confirmWithBank: ConfirmWithBank) {
  const answer = await paymentRequest<PaypalCheckoutData>(PAYPAL_CHECKOUT, { method: "POST", body });
  if (!answer.requiresAction) throw new ApiError("", 0, "BAD_ACTION_REQUIRED");
  await confirmWithBank<PaypalCheckoutData>(answer.action, confirmCheckout);
  return answer.action.paymentIntentId;
}

export function usePaypalCheckout(confirmWithBank: ConfirmWithBank) {
  return useMutation({
    mutationFn: (body: PaypalCheckoutBody) => payWithPaypal(body, confirmWithBank),
  });
}
