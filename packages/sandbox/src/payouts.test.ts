import { GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostDatabase } from "./db";
import { createSandboxGateway, createSandboxToken } from "./gateway";
import { sandboxAccounts, sandboxPayouts } from "./schema";
import { createSandboxTestDatabase } from "./test-database";

let database: HostDatabase;
let drop: () => Promise<void>;
let gateway: PaymentGateway;
const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  ({ database, drop } = await createSandboxTestDatabase());
  gateway = createSandboxGateway(database.db);
});
afterAll(() => drop());

async function onboardedAccount(): Promise<string> {
  const { id } = await gateway.createConnectedAccount({ email: "seller@example.com", userId: "u" });
  await database.db
    .update(sandboxAccounts)
    .set({ detailsSubmittedAt: new Date() })
    .where(eq(sandboxAccounts.id, id));
  return id;
}

const token = async (number: string) =>
  (await createSandboxToken(database.db, { number, expMonth: 6, expYear: nextYear, cvc: "123" })).id;

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("the sandbox's payouts", () => {
  it("keeps one default card per account and will not delete it while others remain", async () => {
    const accountId = await onboardedAccount();
    const first = await gateway.createExternalAccount({ accountId, token: await token("4000056655665556") });
    const second = await gateway.createExternalAccount({ accountId, token: await token("5200828282828210") });
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);
    const refused = await caught(gateway.deleteExternalAccount({ accountId, externalAccountId: first.id }));
    expect(refused).toBeInstanceOf(GatewayRequestError);
    expect(refused).toMatchObject({ code: "default_external_account_deletion" });
    await gateway.setDefaultExternalAccount({ accountId, externalAccountId: second.id });
    await gateway.deleteExternalAccount({ accountId, externalAccountId: first.id });
    expect((await gateway.listExternalAccounts(accountId)).map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
    ]);
  });

  it("sends one payout per idempotency key, and settles a standard one once its arrival time has passed", async () => {
    const accountId = await onboardedAccount();
    await gateway.createExternalAccount({ accountId, token: await token("4000056655665556") });
    const input = {
      accountId,
      amountCents: 1_234,
      currency: "usd",
      method: "standard" as const,
      reference: "ref-1",
      idempotencyKey: "payout:ref-1",
    };
    const [a, b] = await Promise.all([gateway.createPayout(input), gateway.createPayout(input)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ status: "pending", amountCents: 1_234, reference: "ref-1" });
    expect((await gateway.retrievePayout({ accountId, payoutId: a.id })).status).toBe("pending");
    await database.db
      .update(sandboxPayouts)
      .set({ arrivalAt: new Date(Date.now() - 1) })
      .where(eq(sandboxPayouts.id, a.id));
    expect((await gateway.retrievePayout({ accountId, payoutId: a.id })).status).toBe("paid");
  });

  it("pays instant payouts at once, fails them for the failing test card, and needs an onboarded account", async () => {
    const accountId = await onboardedAccount();
    const good = await gateway.createExternalAccount({ accountId, token: await token("4000056655665556") });
    const bad = await gateway.createExternalAccount({ accountId, token: await token("4000000000005126") });
    const base = { accountId, amountCents: 500, currency: "usd", method: "instant" as const };
    expect(
      await gateway.createPayout({ ...base, destination: good.id, reference: "r2", idempotencyKey: "k2" }),
    ).toMatchObject({ status: "paid" });
    expect(
      await gateway.createPayout({ ...base, destination: bad.id, reference: "r3", idempotencyKey: "k3" }),
    ).toMatchObject({ status: "failed", failureMessage: "The bank could not process this payout." });

    const { id: fresh } = await gateway.createConnectedAccount({ email: "new@example.com", userId: "v" });
    expect(
      await caught(
        gateway.createPayout({ ...base, accountId: fresh, reference: "r4", idempotencyKey: "k4" }),
      ),
    ).toMatchObject({ code: "payouts_not_allowed" });
  });

  it("credits a customer's own card once per key, and no one else's", async () => {
    const { id: customerId } = await gateway.createCustomer({
      email: "c@example.com",
      name: "C",
      userId: "c",
    });
    const card = await gateway.attachCard({ customerId, token: await token("4242424242424242") });
    const input = {
      customerId,
      paymentMethodId: card.id,
      amountCents: 900,
      currency: "usd",
      reference: "refund-1",
      idempotencyKey: "account-refund:1",
    };
    const first = await gateway.creditCard(input);
    expect(await gateway.creditCard(input)).toEqual(first);
    expect(
      await caught(
        gateway.creditCard({ ...input, customerId: "cus_other", idempotencyKey: "account-refund:2" }),
      ),
    ).toMatchObject({ code: "resource_missing" });
  });
});
