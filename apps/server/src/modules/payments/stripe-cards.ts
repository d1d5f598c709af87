import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import type Stripe from "stripe";
import { call } from "./stripe-call";
import { toCard } from "./stripe-convert";

/** The stripe adapter's customers and cards: a Customer per player, their cards as attached PaymentMethods. */
export function stripeCards(
  stripe: Stripe,
): Pick<PaymentGateway, "createCustomer" | "attachCard" | "detachCard"> {
  return {
    createCustomer: ({ email, name, userId }) =>
      call(async () => {
        const customer = await stripe.customers.create({ email, name, metadata: { userId } });
        return { id: customer.id };
      }),

    attachCard: ({ customerId, token }) =>
      call(async () => {
        let paymentMethodId: string;
        if (token.startsWith("tok_")) {
          const created = await stripe.paymentMethods.create({ type: "card", card: { token } });
          paymentMethodId = created.id;
        } else if (token.startsWith("pm_")) {
          paymentMethodId = token;
        } else {
          throw new GatewayRequestError("invalid_token", "The card token is not valid.", 400);
        }
        const attached = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
        if (!attached.card) {
          await stripe.paymentMethods.detach(attached.id).catch(() => {});
        }
        return toCard(attached);
      }),

    detachCard: ({ paymentMethodId }) =>
      call(async () => {
        await stripe.paymentMethods.detach(paymentMethodId);
      }),
  };
}
