import type { PaypalApi } from "@mx/processors/paypal-api";
import { Client, Environment } from "@paypal/paypal-server-sdk";
import { paypalDisputes } from "./paypal-sdk-disputes";
import { paypalOrders } from "./paypal-sdk-orders";
import { paypalPayouts } from "./paypal-sdk-payouts";
import { PAYPAL_BASES, paypalRestCalls, restOf, transportTo } from "./paypal-sdk-rest";

/** PayPal's REST API through its official server SDK (Orders v2, Payments v2). */
export function createPaypalSdk(options: {
  clientId: string;
  clientSecret: string;
  environment: "sandbox" | "live";
  /** Only for tests and local emulators: where the requests go instead of PayPal. */
  apiBase?: string | null;
}): PaypalApi {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment: options.environment === "live" ? Environment.Production : Environment.Sandbox,
    timeout: 30_000,
    // Money calls are retried by us, with the same PayPal-Request-Id, never by the SDK behind our back.
    httpClientOptions: { retryConfig: { maxNumberOfRetries: 0 } },
    ...(options.apiBase ? { unstable_httpClientOptions: { adapter: transportTo(options.apiBase) } } : {}),
  });
  const base =
    options.apiBase?.replace(/\/$/, "") ??
    (options.environment === "live" ? PAYPAL_BASES[0] : PAYPAL_BASES[1]);
  const rest = restOf(client, base);

  return {
    kind: "paypal",
    clientId: options.clientId,
    ...paypalOrders(client),
    ...paypalRestCalls(rest),
    ...paypalPayouts(rest),
    ...paypalDisputes(rest),
  };
}
