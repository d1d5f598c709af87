import {
  createSandboxAccount,
  createSandboxTransfer,
  reverseSandboxTransfer,
  sandboxAccount,
  sandboxTransfer,
  setSandboxPayoutMetadata,
} from "../connect";
import type { StripeCall, StripeHere } from "./stripe-context";
import { type CannedReply, metadataOf, missing, now, ok, seconds } from "./stripe-replies";
import { renderExternalAccount, renderPayout, renderTransfer } from "./stripe-shapes-connect";

/* Stripe Connect's endpoints (accounts, their cards and links, transfers, payouts), answered by the sandbox. */

/** An account's external accounts (debit cards): listed, added, made the default, deleted. */
async function externalAccounts(
  { sandbox, sandboxToken }: StripeHere,
  { method, sub: cardId, body }: StripeCall,
  id: string,
): Promise<CannedReply | null> {
  if (method === "GET" && !cardId) {
    return ok({
      object: "list",
      data: (await sandbox.listExternalAccounts(id)).map(renderExternalAccount),
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    });
  }
  if (method === "POST" && !cardId) {
    const card = await sandbox.createExternalAccount({
      accountId: id,
      token: await sandboxToken(body.external_account ?? ""),
      isDefault: body.default_for_currency === "true",
    });
    return ok(renderExternalAccount(card));
  }
  if (!cardId) return null;
  if (method === "POST") {
    if (body.default_for_currency === "true") {
      return ok(
        renderExternalAccount(
          await sandbox.setDefaultExternalAccount({ accountId: id, externalAccountId: cardId }),
        ),
      );
    }
    const card = (await sandbox.listExternalAccounts(id)).find((c) => c.id === cardId);
    return card ? ok(renderExternalAccount(card)) : missing("external account", cardId);
  }
  if (method === "DELETE") {
    await sandbox.deleteExternalAccount({ accountId: id, externalAccountId: cardId });
    return ok({ id: cardId, object: "card", deleted: true });
  }
  return null;
}

/** Connected accounts and their external accounts (debit cards). */
export async function accounts(here: StripeHere, call: StripeCall): Promise<CannedReply | null> {
  const { db, sandbox } = here;
  const { method, id, action, body } = call;
  if (method === "POST" && !id) {
    const email = body.email ?? null;
    const userId = metadataOf(body).userId ?? null;
    const accountId =
      body["controller[requirement_collection]"] === "application"
        ? (await sandbox.createConnectedAccount({ email: email ?? "", userId: userId ?? "" })).id
        : (await createSandboxAccount(db, { email, userId, requirementCollection: "stripe" })).id;
    return ok(await here.accountJson(accountId));
  }
  if (!id) return null;
  if (method === "GET" && !action) return ok(await here.accountJson(id));
  if (action !== "external_accounts") return null;
  return externalAccounts(here, call, id);
}

/** POST /v1/account_links: the onboarding page's link. */
export async function createAccountLink(
  { db, sandbox }: StripeHere,
  { body }: StripeCall,
): Promise<CannedReply> {
  const accountId = body.account ?? "";
  await sandboxAccount(db, accountId);
  const link = await sandbox.createAccountLink({
    accountId,
    returnUrl: body.return_url ?? "",
    refreshUrl: body.refresh_url ?? "",
  });
  return ok({ object: "account_link", created: now(), expires_at: now() + 300, url: link.url });
}

/** Transfers to connected accounts, and their reversals. */
export async function transfers(
  { db }: StripeHere,
  { method, id, action, body, idempotencyKey }: StripeCall,
): Promise<CannedReply | null> {
  if (method === "POST" && !id) {
    const transfer = await createSandboxTransfer(db, {
      destination: body.destination ?? "",
      amountCents: Number(body.amount),
      currency: body.currency ?? "usd",
      transferGroup: body.transfer_group ?? null,
      metadata: metadataOf(body),
      idempotencyKey,
    });
    return ok(renderTransfer(transfer));
  }
  if (!id) return null;
  if (method === "GET" && !action) return ok(renderTransfer(await sandboxTransfer(db, id)));
  if (method === "POST" && action === "reversals") {
    const transfer = await sandboxTransfer(db, id);
    const reversal = await reverseSandboxTransfer(db, {
      transferId: id,
      amountCents: body.amount ? Number(body.amount) : transfer.amountCents - transfer.amountReversedCents,
      metadata: metadataOf(body),
      idempotencyKey,
    });
    return ok({
      id: reversal.id,
      object: "transfer_reversal",
      amount: reversal.amountCents,
      created: seconds(reversal.createdAt),
      metadata: reversal.metadata,
      transfer: id,
    });
  }
  return null;
}

/** Payouts on a connected account: the `Stripe-Account` header names it. */
export async function payouts(here: StripeHere, call: StripeCall): Promise<CannedReply | null> {
  const { db, sandbox, requests } = here;
  const { method, id, body, stripeAccount, idempotencyKey } = call;
  if (!stripeAccount) return id ? missing("payout", id) : missing("account", "");
  if (method === "POST" && !id) {
    const metadata = metadataOf(body);
    const payout = await sandbox.createPayout({
      accountId: stripeAccount,
      amountCents: Number(body.amount),
      currency: body.currency ?? "usd",
      method: body.method === "instant" ? "instant" : "standard",
      ...(body.destination ? { destination: body.destination } : {}),
      reference: metadata.reference ?? "",
      idempotencyKey: idempotencyKey ?? `payout-${requests.length}-${Date.now()}`,
    });
    await setSandboxPayoutMetadata(db, payout.id, metadata);
    const row = await here.payoutRow(payout.id);
    return row ? ok(renderPayout(row)) : missing("payout", payout.id);
  }
  if (method === "GET" && id) {
    // Read through the sandbox, which lands a standard payout whose arrival time has passed.
    await sandbox.retrievePayout({ accountId: stripeAccount, payoutId: id });
    const row = await here.payoutRow(id);
    return row ? ok(renderPayout(row)) : missing("payout", id);
  }
  return null;
}
