import type { SandboxCheckoutSessionData } from "@mx/sandbox/api";
import type { SandboxShopParts } from "@mx/sandbox/web/host";
import SandboxPaymentForm, { readSandboxCheckoutSession } from "@mx/sandbox/web/payment-form";
import { paths } from "@mx/shared/routes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { CardChip } from "../../components/ui/card-chip";
import { OrderSummary } from "../../features/shop/components/order-summary";
import {
  addressProblem,
  EMPTY_ADDRESS,
  ShippingFields,
  toShippingAddress,
  useAddressIds,
} from "../../features/shop/components/shipping-fields";
import { shopCopy } from "../../features/shop/copy";
import { cardOnFileExpiry, cardOnFileLabel } from "../../lib/card-labels";
import { usePaymentMethods } from "../../lib/default-card";
import { queryKeys } from "../../lib/query-keys";
import { hasSession } from "../../lib/session";
import { sandboxHost } from "../host";
// The saved cards are listed as the review screens list them.
import "../../components/ui/card-on-file.css";

/**
 * The parts of the payment form the sandbox's shares with the shop's PayPal step, and a saved card as the app shows
 * it elsewhere: "VISA •••• 4242", "Exp 04/2031 · Ada Lovelace".
 */
const shopParts: SandboxShopParts = {
  ShippingFields,
  OrderSummary,
  emptyAddress: EMPTY_ADDRESS,
  addressProblem,
  toShippingAddress,
  useAddressIds,
  CardChip,
  savedCardLabel: (card) => cardOnFileLabel({ cardScheme: card.brand, last4: card.last4 }),
  savedCardMeta: (card) =>
    `${cardOnFileExpiry({ expiryMonth: card.expMonth, expiryYear: card.expYear })}${card.name ? ` · ${card.name}` : ""}`,
};

/**
 * The shop's payment step in the sandbox: the sandbox's payment form, with the session read into this app's cache
 * (read once; each address's figures replace it) and the return page once it is paid. A signed-in player's saved
 * cards come first, their default card chosen (read from their cards, as the review screens read it).
 */
export default function SandboxCheckout({ clientSecret }: { clientSecret: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: queryKeys.shop.sandboxSession(clientSecret),
    queryFn: ({ signal }) => readSandboxCheckoutSession(sandboxHost.request, clientSecret, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cards = usePaymentMethods({
    enabled: hasSession() && (session.data?.savedCards.length ?? 0) > 0,
  });
  const preferredCardId = cards.data?.find((card) => card.isDefault)?.paymentMethodId ?? null;
  const onSessionUpdated = useCallback(
    (updated: SandboxCheckoutSessionData) =>
      queryClient.setQueryData(queryKeys.shop.sandboxSession(clientSecret), updated),
    [clientSecret, queryClient],
  );
  const onPaid = useCallback(
    (sessionId: string) => {
      void navigate(`${paths.return}?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
    },
    [navigate],
  );
  return (
    <SandboxPaymentForm
      host={sandboxHost}
      parts={shopParts}
      copy={shopCopy}
      clientSecret={clientSecret}
      session={session}
      preferredCardId={preferredCardId}
      onSessionUpdated={onSessionUpdated}
      onPaid={onPaid}
    />
  );
}
