import type { SandboxShopParts } from "@mx/sandbox/web/host";
import SandboxPaymentForm, { readSandboxCheckoutSession } from "@mx/sandbox/web/payment-form";
import { paths } from "@mx/shared/routes";
import type { SandboxCheckoutSessionData } from "@mx/shared/schemas/shop";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { OrderSummary } from "../../features/shop/components/order-summary";
import {
  addressProblem,
  EMPTY_ADDRESS,
  ShippingFields,
  toShippingAddress,
  useAddressIds,
} from "../../features/shop/components/shipping-fields";
import { shopCopy } from "../../features/shop/copy";
import { queryKeys } from "../../lib/query-keys";
import { sandboxHost } from "../host";

/** The parts of the payment form the sandbox's shares with the shop's PayPal step. */
const shopParts: SandboxShopParts = {
  ShippingFields,
  OrderSummary,
  emptyAddress: EMPTY_ADDRESS,
  addressProblem,
  toShippingAddress,
  useAddressIds,
};

/**
 * The shop's payment step in the sandbox: the sandbox's payment form, with the session read into this app's cache
 * (read once; each address's figures replace it) and the return page once it is paid.
 */
export default function SandboxCheckout({ clientSecret }: { clientSecret: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: queryKeys.shop.sandboxSession(clientSecret),
    queryFn: ({ signal }) => readSandboxCheckoutSession(sandboxHost.request, clientSecret, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
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
      onSessionUpdated={onSessionUpdated}
      onPaid={onPaid}
    />
  );
}
