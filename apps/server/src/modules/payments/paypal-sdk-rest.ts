import { type PaypalApi, PaypalError } from "@mx/processors/paypal-api";
import type { Client } from "@paypal/paypal-server-sdk";
import { PREFER as prefer } from "./paypal-sdk-shapes";

/** PayPal's API hosts, live and sandbox. */
export const PAYPAL_BASES = ["https://api-m.paypal.com", "https://api-m.sandbox.paypal.com"];

/**
 * The SDK always talks to api-m.paypal.com (or its sandbox); a local emulator (tests) is reached by sending its
 * requests elsewhere. This is the SDK's HTTP client's own transport, given the request as it would have sent it.
 */
export function transportTo(apiBase: string) {
  const base = apiBase.replace(/\/$/, "");
  return async (config: {
    url?: string;
    method?: string;
    headers?: Record<string, unknown> | { toJSON(): Record<string, unknown> };
    data?: unknown;
    auth?: { username: string; password: string };
  }) => {
    let url = config.url ?? "";
    for (const from of PAYPAL_BASES) if (url.startsWith(from)) url = base + url.slice(from.length);
    const raw =
      config.headers && "toJSON" in config.headers && typeof config.headers.toJSON === "function"
        ? config.headers.toJSON()
        : (config.headers ?? {});
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) if (value != null) headers[name] = String(value);
    if (config.auth) {
      headers.Authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString("base64")}`;
    }
    const response = await fetch(url, {
      method: (config.method ?? "GET").toUpperCase(),
      headers,
      body: typeof config.data === "string" ? config.data : undefined,
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      config,
      request: {},
    };
  };
}

/** A call the server SDK does not cover (webhook verification, Payouts v1): its OAuth token, PayPal's REST API. */
export type PaypalRest = (
  method: "GET" | "POST",
  path: string,
  options?: { body?: unknown; requestId?: string; prefer?: string },
) => Promise<Response>;

/** The REST calls to `base`, under the SDK client's OAuth token (fetched once, renewed when it expires). */
export function restOf(client: Client, base: string): PaypalRest {
  let token: Awaited<ReturnType<typeof client.clientCredentialsAuthManager.updateToken>> | undefined;
  return async (method, path, options = {}) => {
    token = await client.clientCredentialsAuthManager.updateToken(token);
    return fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.requestId ? { "paypal-request-id": options.requestId } : {}),
        ...(options.prefer ? { prefer: options.prefer } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  };
}

/** PayPal's error reply (name, message, details) as a PaypalError. */
export async function restRefusal(response: Response): Promise<PaypalError> {
  const result = (await response.json().catch(() => ({}))) as {
    name?: string;
    message?: string;
    details?: { issue?: string; description?: string }[];
  };
  const detail = result.details?.[0];
  return new PaypalError(
    detail?.issue ?? result.name ?? "PAYPAL_ERROR",
    detail?.description ?? result.message ?? `PayPal answered ${response.status}`,
    response.status,
  );
}

/** The order calls made over REST: voiding an authorization, and checking a webhook's signature. */
export function paypalRestCalls(
  rest: PaypalRest,
): Pick<PaypalApi, "voidAuthorization" | "verifyWebhookSignature"> {
  return {
    async voidAuthorization({ authorizationId, requestId }) {
      // A plain request: the SDK's void sends its empty body labelled as a form, which PayPal's API does not take.
      const response = await rest(
        "POST",
        `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/void`,
        { requestId, prefer },
      );
      if (!response.ok) throw await restRefusal(response);
    },

    async verifyWebhookSignature({ headers, event, webhookId }) {
      const response = await rest("POST", "/v1/notifications/verify-webhook-signature", {
        body: {
          auth_algo: headers["paypal-auth-algo"],
          cert_url: headers["paypal-cert-url"],
          transmission_id: headers["paypal-transmission-id"],
          transmission_sig: headers["paypal-transmission-sig"],
          transmission_time: headers["paypal-transmission-time"],
          webhook_id: webhookId,
          webhook_event: event,
        },
      });
      if (!response.ok) {
        throw new PaypalError(
          "VERIFY_FAILED",
          `PayPal answered ${response.status} to verify-webhook-signature`,
          502,
        );
      }
      const result = (await response.json()) as { verification_status?: string };
      return result.verification_status === "SUCCESS";
    },
  };
}
