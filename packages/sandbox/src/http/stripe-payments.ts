import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { setSandboxIntentState } from "../gateway";
import {
  attachSandboxPaymentMethod,
  createSandboxPaymentMethod,
  sandboxPaymentMethod,
  sharedSandboxTestPaymentMethod,
} from "../payment-methods";
import { sandboxPaymentIntents } from "../schema";
import type { StripeCall, StripeHere } from "./stripe-context";
import { type CannedReply, expands, metadataOf, missing, now, ok } from "./stripe-replies";
import { renderIntent, renderPaymentMethod } from "./stripe-shapes-payments";

/* Stripe's customers, payment methods, payment intents and refunds, answered by the sandbox. */

/** POST /v1/customers. */
export async function createCustomer({ sandbox }: StripeHere, { body }: StripeCall): Promise<CannedReply> {
  const metadata = metadataOf(body);
  const customer = await sandbox.createCustomer({
    email: body.email ?? "",
    name: body.name ?? "",
    userId: metadata.userId ?? "",
  });
  return ok({
    id: customer.id,
    object: "customer",
    created: now(),
    livemode: false,
    email: body.email ?? null,
    name: body.name ?? null,
    metadata,
  });
}

/** POST /v1/refunds. */
export async function createRefund(
  here: StripeHere,
  { body, idempotencyKey }: StripeCall,
): Promise<CannedReply> {
  const intentId = body.payment_intent ?? "";
  const intent = await here.intentRow(intentId);
  if (!intent) return missing("payment_intent", intentId);
  const refund = await here.sandbox.refund({
    paymentIntentId: intentId,
    ...(body.amount ? { amountCents: Number(body.amount) } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ok({
    id: refund.id,
    object: "refund",
    amount: refund.amountCents,
    charge: `ch_for_${intentId}`,
    created: now(),
    currency: intent.currency,
    metadata: {},
    payment_intent: intentId,
    reason: null,
    status: refund.status,
  });
}

/** POST /v1/payment_methods, and a payment method's attach and detach. */
export async function paymentMethods(
  { db, sandbox, sandboxToken }: StripeHere,
  { id, action, body }: StripeCall,
): Promise<CannedReply | null> {
  if (!id) {
    const created = await createSandboxPaymentMethod(db, await sandboxToken(body["card[token]"] ?? ""));
    return ok(renderPaymentMethod(created));
  }
  const held = await sandboxPaymentMethod(db, id);
  if (action === "attach") {
    const customer = body.customer ?? "";
    if (held) await attachSandboxPaymentMethod(db, id, customer);
    else await sharedSandboxTestPaymentMethod(db, id, customer);
  } else if (action === "detach") {
    if (held) await sandbox.detachCard({ customerId: held.customerId ?? "", paymentMethodId: id });
    else await sharedSandboxTestPaymentMethod(db, id, null);
  } else {
    return null;
  }
  const after = await sandboxPaymentMethod(db, id);
  return after ? ok(renderPaymentMethod(after)) : missing("payment_method", id);
}

/** POST /v1/payment_intents: made, and confirmed when asked, with a test payment method shared if need be. */
async function createIntent(
  here: StripeHere,
  { body, query, idempotencyKey }: StripeCall,
): Promise<CannedReply> {
  const { db, sandbox } = here;
  const metadata = metadataOf(body);
  const paymentMethodId = body.payment_method;
  const customerId = body.customer ?? "";
  if (paymentMethodId) await sharedSandboxTestPaymentMethod(db, paymentMethodId, customerId || null);
  const confirm = body.confirm === "true";
  const created = await sandbox.createPaymentIntent({
    amountCents: Number(body.amount),
    currency: body.currency ?? "usd",
    customerId,
    captureMethod: body.capture_method === "manual" ? "manual" : "automatic",
    ...(paymentMethodId && confirm ? { paymentMethodId } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    // The sandbox keeps an intent's key as its `operation` too, as our adapter does: a key sent otherwise (the
    // SDK's own) only guards a retry, and Stripe keeps no trace of it on the intent.
    ...(idempotencyKey && metadata.operation === idempotencyKey ? { idempotencyKey } : {}),
  });
  if (paymentMethodId && !confirm) {
    await setSandboxIntentState(db, created.id, { status: "requires_confirmation", paymentMethodId });
  }
  const row = await here.intentRow(created.id);
  return row ? ok(renderIntent(row, expands(query, "latest_charge"))) : missing("payment_intent", created.id);
}

/** GET /v1/payment_intents/search: just the query form the adapter sends, metadata['key']:'value'. */
async function searchIntents({ db }: StripeHere, { query }: StripeCall): Promise<CannedReply> {
  const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get("query") ?? "");
  const rows = m
    ? await db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>${m[1]} = ${m[2]}`)
        .orderBy(desc(sandboxPaymentIntents.createdAt))
        .limit(Number(query.get("limit") ?? 10))
    : [];
  return ok({
    object: "search_result",
    data: rows.map((row) => renderIntent(row, expands(query, "latest_charge"))),
    has_more: false,
    next_page: null,
    url: "/v1/payment_intents/search",
  });
}

/** GET /v1/payment_intents: by creation time and customer, newest first. */
async function listIntents({ db }: StripeHere, { query }: StripeCall): Promise<CannedReply> {
  const where: SQL[] = [];
  const from = query.get("created[gte]");
  const to = query.get("created[lte]");
  if (from) where.push(gte(sandboxPaymentIntents.createdAt, new Date(Number(from) * 1000)));
  if (to) where.push(lte(sandboxPaymentIntents.createdAt, new Date(Number(to) * 1000 + 999)));
  const customer = query.get("customer");
  if (customer) where.push(eq(sandboxPaymentIntents.customerId, customer));
  const rows = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(and(...where))
    .orderBy(desc(sandboxPaymentIntents.createdAt))
    .limit(Number(query.get("limit") ?? 10));
  return ok({
    object: "list",
    data: rows.map((row) => renderIntent(row, expands(query, "latest_charge"))),
    has_more: false,
    url: "/v1/payment_intents",
  });
}

/** GET /v1/payment_intents/<id>, and its confirm, capture and cancel. */
async function intentById(here: StripeHere, call: StripeCall, id: string): Promise<CannedReply | null> {
  const { db, sandbox } = here;
  const { method, action, body, query, idempotencyKey } = call;
  const expandCharge = expands(query, "latest_charge");
  const row = await here.intentRow(id);
  if (!row) return missing("payment_intent", id);
  if (method === "GET" && !action) return ok(renderIntent(row, expandCharge));
  if (method !== "POST") return null;
  if (action === "confirm") {
    const paymentMethodId = body.payment_method ?? row.paymentMethodId ?? "";
    if (paymentMethodId) await sharedSandboxTestPaymentMethod(db, paymentMethodId, row.customerId);
    await sandbox.confirmPaymentIntent({ id, paymentMethodId });
  } else if (action === "capture") {
    await sandbox.capturePaymentIntent({
      id,
      ...(body.amount_to_capture ? { amountCents: Number(body.amount_to_capture) } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  } else if (action === "cancel") {
    await sandbox.cancelPaymentIntent({ id, ...(idempotencyKey ? { idempotencyKey } : {}) });
  } else {
    return null;
  }
  const after = await here.intentRow(id);
  return after ? ok(renderIntent(after, expandCharge)) : missing("payment_intent", id);
}

/** Every /v1/payment_intents endpoint the adapter uses. */
export async function intents(here: StripeHere, call: StripeCall): Promise<CannedReply | null> {
  const { method, id } = call;
  if (method === "POST" && !id) return createIntent(here, call);
  if (method === "GET" && id === "search") return searchIntents(here, call);
  if (method === "GET" && !id) return listIntents(here, call);
  if (!id) return null;
  return intentById(here, call, id);
}
