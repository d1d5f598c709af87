import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { sandboxAccount } from "../connect";
import type { Db } from "../db";
import { sandboxCheckoutSessions, sandboxPaymentIntents, sandboxPayouts } from "../schema";
import { createSandboxTestToken } from "../tokens";
import type { SessionRow } from "./stripe-shapes-checkout";
import { type PayoutRow, renderAccount } from "./stripe-shapes-connect";
import type { IntentRow } from "./stripe-shapes-payments";

/** One request the Stripe face got, as a test reads it back. */
export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. "/v1/payment_intents/pi_1/capture". */
  path: string;
  /** The decoded `application/x-www-form-urlencoded` body, keys as sent ("card[token]"). */
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
  /** The connected account a request acts on (`Stripe-Account` header), if any. */
  stripeAccount: string | null;
};

/** One call to an endpoint: the request, its path read as `/v1/<resource>/<id>/<action>/<sub>` and its query. */
export type StripeCall = RecordedRequest & {
  id: string | undefined;
  action: string | undefined;
  sub: string | undefined;
  query: URLSearchParams;
};

/** What every endpoint of the face works on: the sandbox's database and processor, and the requests so far. */
export type StripeHere = {
  db: Db;
  sandbox: PaymentGateway;
  requests: RecordedRequest[];
  intentRow(id: string): Promise<IntentRow | null>;
  sessionRow(id: string): Promise<SessionRow | null>;
  payoutRow(id: string): Promise<PayoutRow | null>;
  /** A connected account in Stripe's shape, with its cards. */
  accountJson(id: string): Promise<ReturnType<typeof renderAccount>>;
  /** A token of Stripe's (`tok_visa`) as the sandbox's token for the same test card. */
  sandboxToken(token: string): Promise<string>;
};

/** The face's reach into the sandbox: its rows by id, and Stripe's test tokens made the sandbox's. */
export function stripeHere(db: Db, sandbox: PaymentGateway, requests: RecordedRequest[]): StripeHere {
  return {
    db,
    sandbox,
    requests,
    async intentRow(id) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row ?? null;
    },
    async sessionRow(id) {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
      return row ?? null;
    },
    async payoutRow(id) {
      const [row] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id));
      return row ?? null;
    },
    async accountJson(id) {
      const row = await sandboxAccount(db, id);
      return renderAccount(row, await sandbox.listExternalAccounts(id));
    },
    async sandboxToken(token) {
      const made = await createSandboxTestToken(db, token);
      if (!made) throw new GatewayRequestError("resource_missing", `No such token: '${token}'`, 404);
      return made;
    },
  };
}
