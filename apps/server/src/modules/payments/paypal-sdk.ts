import {
  type PaypalApi,
  PaypalError,
  type PaypalOrder,
  type PaypalOrderGoods,
  type PaypalOrderStatus,
  type PaypalPayout,
} from "@mx/processors/paypal-api";
import { formatCents } from "@mx/shared/money";
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  FulfillmentType,
  ItemCategory,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalWalletContextShippingPreference,
  type PurchaseUnitRequest,
} from "@paypal/paypal-server-sdk";

const PAYPAL_BASES = ["https://api-m.paypal.com", "https://api-m.sandbox.paypal.com"];

/** PayPal's money: a decimal string in the currency's units ("12.34"). */
const amountOf = (cents: number) => (cents / 100).toFixed(2);
const centsOf = (value: string | undefined) => Math.round(Number(value ?? "0") * 100);

/**
 * The SDK always talks to api-m.paypal.com (or its sandbox); a local emulator (tests) is reached by sending its
 * requests elsewhere. This is the SDK's HTTP client's own transport, given the request as it would have sent it.
 */
function transportTo(apiBase: string) {
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

/**
 * A shop order's purchase unit: its amount broken down into item total, shipping and tax (PayPal refuses an order
 * whose parts do not add up), its lines as physical goods, and where they go.
 */
function goodsOf(
  goods: PaypalOrderGoods,
  currency: string,
): Pick<PurchaseUnitRequest, "items" | "shipping"> & {
  breakdown: NonNullable<PurchaseUnitRequest["amount"]["breakdown"]>;
} {
  const money = (cents: number) => ({ currencyCode: currency, value: amountOf(cents) });
  const itemTotal = goods.items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
  const { shipTo } = goods;
  return {
    breakdown: {
      itemTotal: money(itemTotal),
      shipping: money(goods.shippingCents),
      taxTotal: money(goods.taxCents),
    },
    items: goods.items.map((item) => ({
      name: item.name,
      unitAmount: money(item.unitAmountCents),
      quantity: String(item.quantity),
      category: ItemCategory.PhysicalGoods,
    })),
    shipping: {
      type: FulfillmentType.Shipping,
      name: { fullName: shipTo.name },
      address: {
        addressLine1: shipTo.line1,
        ...(shipTo.line2 ? { addressLine2: shipTo.line2 } : {}),
        adminArea2: shipTo.city,
        adminArea1: shipTo.state,
        postalCode: shipTo.postalCode,
        countryCode: shipTo.country,
      },
    },
  };
}

function presentOrder(order: Order): PaypalOrder {
  const unit = order.purchaseUnits?.[0];
  const authorization = unit?.payments?.authorizations?.[0];
  const capture = unit?.payments?.captures?.[0];
  const refunded = (unit?.payments?.refunds ?? [])
    .filter((r) => r.status === "COMPLETED" || r.status === "PENDING")
    .reduce((sum, r) => sum + centsOf(r.amount?.value), 0);
  const approve = order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
  return {
    id: order.id ?? "",
    status: (order.status ?? "CREATED") as PaypalOrderStatus,
    intent: order.intent === CheckoutPaymentIntent.Authorize ? "AUTHORIZE" : "CAPTURE",
    amountCents: centsOf(unit?.amount?.value),
    currency: unit?.amount?.currencyCode ?? "USD",
    customId: unit?.customId ?? null,
    referenceId: unit?.referenceId ?? null,
    approveUrl: approve?.href ?? null,
    payerCancelled: false,
    authorization: authorization?.id
      ? {
          id: authorization.id,
          status: authorization.status ?? "CREATED",
          expiresAt: authorization.expirationTime ?? null,
        }
      : null,
    capture: capture?.id
      ? { id: capture.id, status: capture.status ?? "COMPLETED", amountCents: centsOf(capture.amount?.value) }
      : null,
    refundedCents: refunded,
    createdAt: order.createTime ?? null,
    payer: payerOf(order),
  };
}

/** The payer's account: `payment_source.paypal` now, the older `payer` object before it. */
function payerOf(order: Order): PaypalOrder["payer"] {
  const wallet = order.paymentSource?.paypal;
  const id = wallet?.accountId ?? order.payer?.payerId;
  if (!id) return null;
  return { id, email: wallet?.emailAddress ?? order.payer?.emailAddress ?? null };
}

/** A payout batch as Payouts v1 answers it (`batch_header`, and its one item). */
type PayoutBatchReply = {
  batch_header?: {
    payout_batch_id?: string;
    batch_status?: string;
    sender_batch_header?: { sender_batch_id?: string };
    amount?: { value?: string; currency?: string };
  };
  items?: {
    transaction_status?: string;
    payout_item?: { receiver?: string; amount?: { value?: string; currency?: string } };
  }[];
};

function presentPayout(
  reply: PayoutBatchReply,
  sent?: { receiver: string; amountCents: number },
): PaypalPayout {
  const header = reply.batch_header ?? {};
  const item = reply.items?.[0]?.payout_item;
  const amount = item?.amount ?? header.amount;
  return {
    id: header.payout_batch_id ?? "",
    senderBatchId: header.sender_batch_header?.sender_batch_id ?? "",
    status: header.batch_status ?? "PENDING",
    // The reply to a create call has no items yet: what was sent stands for them.
    amountCents: amount?.value ? centsOf(amount.value) : (sent?.amountCents ?? 0),
    currency: (amount?.currency ?? "USD").toUpperCase(),
    receiver: item?.receiver ?? sent?.receiver ?? "",
    itemStatus: reply.items?.[0]?.transaction_status ?? null,
  };
}

/** PayPal's error reply in our words: its first issue and description. */
function refusal(error: unknown): never {
  if (error instanceof ApiError) {
    const result = (error.result ?? {}) as {
      name?: string;
      message?: string;
      details?: { issue?: string; description?: string }[];
    };
    const detail = result.details?.[0];
    throw new PaypalError(
      detail?.issue ?? result.name ?? "PAYPAL_ERROR",
      detail?.description ?? result.message ?? `PayPal answered ${error.statusCode}`,
      error.statusCode,
    );
  }
  throw error;
}

async function ask<T>(work: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await work()).result;
  } catch (error) {
    refusal(error);
  }
}

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
  let token: Awaited<ReturnType<typeof client.clientCredentialsAuthManager.updateToken>> | undefined;
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  // The whole order back from every call, so that one reply says where it stands.
  const prefer = "return=representation";

  /** A call the server SDK does not cover (webhook verification, Payouts v1): its OAuth token, PayPal's REST API. */
  async function rest(
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; requestId?: string; prefer?: string } = {},
  ): Promise<Response> {
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
  }

  /** PayPal's error reply (name, message, details) as a PaypalError. */
  async function restRefusal(response: Response): Promise<PaypalError> {
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

  async function getPayout(id: string): Promise<PaypalPayout> {
    const response = await rest("GET", `/v1/payments/payouts/${encodeURIComponent(id)}`);
    if (!response.ok) throw await restRefusal(response);
    return presentPayout((await response.json()) as PayoutBatchReply);
  }

  return {
    kind: "paypal",
    clientId: options.clientId,

    async createOrder(input) {
      const currency = input.currency.toUpperCase();
      const goods = input.goods ? goodsOf(input.goods, currency) : null;
      const order = await ask(() =>
        orders.createOrder({
          paypalRequestId: input.requestId,
          prefer,
          body: {
            intent:
              input.intent === "AUTHORIZE" ? CheckoutPaymentIntent.Authorize : CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.referenceId,
                customId: input.customId,
                description: `${input.description}: ${formatCents(input.amountCents)}`,
                amount: {
                  currencyCode: currency,
                  value: amountOf(input.amountCents),
                  ...(goods ? { breakdown: goods.breakdown } : {}),
                },
                ...(goods ? { items: goods.items, shipping: goods.shipping } : {}),
              },
            ],
            // The address was taken on our checkout page: the payer sees it at PayPal and cannot swap it there.
            ...(goods
              ? {
                  paymentSource: {
                    paypal: {
                      experienceContext: {
                        shippingPreference: PaypalWalletContextShippingPreference.SetProvidedAddress,
                      },
                    },
                  },
                }
              : {}),
          },
        }),
      );
      return presentOrder(order);
    },

    getOrder: async (id) => presentOrder(await ask(() => orders.getOrder({ id }))),

    captureOrder: async ({ id, requestId }) =>
      presentOrder(await ask(() => orders.captureOrder({ id, paypalRequestId: requestId, prefer }))),

    authorizeOrder: async ({ id, requestId }) =>
      presentOrder(await ask(() => orders.authorizeOrder({ id, paypalRequestId: requestId, prefer }))),

    async captureAuthorization({ authorizationId, amountCents, currency, requestId }) {
      const capture = await ask(() =>
        payments.captureAuthorizedPayment({
          authorizationId,
          paypalRequestId: requestId,
          prefer,
          body: {
            amount: { currencyCode: currency.toUpperCase(), value: amountOf(amountCents) },
            finalCapture: true,
          },
        }),
      );
      return { id: capture.id ?? "", status: capture.status ?? "COMPLETED" };
    },

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

    async sendPayout({ receiver, amountCents, currency, senderBatchId, note }) {
      const response = await rest("POST", "/v1/payments/payouts", {
        requestId: senderBatchId,
        body: {
          sender_batch_header: {
            sender_batch_id: senderBatchId,
            recipient_type: "PAYPAL_ID",
            email_subject: "You have a payment from Manhattan Exchange",
            email_message: note,
          },
          items: [
            {
              recipient_type: "PAYPAL_ID",
              receiver,
              sender_item_id: senderBatchId,
              note,
              amount: { value: amountOf(amountCents), currency: currency.toUpperCase() },
            },
          ],
        },
      });
      if (response.ok) {
        return presentPayout((await response.json()) as PayoutBatchReply, { receiver, amountCents });
      }
      // A sender_batch_id used before is refused with a link to the payout it made: that payout is the answer.
      const text = await response.text();
      const reply = (() => {
        try {
          return JSON.parse(text) as { links?: { href?: string; rel?: string }[] };
        } catch {
          return {};
        }
      })();
      const original = reply.links
        ?.map((l) => l.href?.match(/\/v1\/payments\/payouts\/([^/?]+)$/)?.[1])
        .find(Boolean);
      if (response.status === 400 && original) return getPayout(original);
      throw await restRefusal(new Response(text, { status: response.status }));
    },

    getPayout,

    async refundCapture({ captureId, amountCents, currency, requestId }) {
      const refund = await ask(() =>
        payments.refundCapturedPayment({
          captureId,
          paypalRequestId: requestId,
          prefer,
          body: { amount: { currencyCode: currency.toUpperCase(), value: amountOf(amountCents) } },
        }),
      );
      return {
        id: refund.id ?? "",
        status: refund.status ?? "COMPLETED",
        amountCents: centsOf(refund.amount?.value) || amountCents,
      };
    },
  };
}
