import { type GatewayDispute, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { disputes } from "../../db/schema/disputes";
import { createTestDatabase } from "../../test/database";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, postJournal } from "../ledger/ledger";
import { reconcileDisputes } from "./reconcile-disputes";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** The processor's disputes, as a test sets them. */
let atProcessor: GatewayDispute[] = [];
const gateway = {
  kind: "sandbox",
  listDisputes: async ({ createdFrom, createdTo }: { createdFrom: Date; createdTo: Date }) =>
    atProcessor.filter((d) => d.createdAt >= createdFrom && d.createdAt <= createdTo),
  retrieveDispute: async (id: string) => {
    const found = atProcessor.find((d) => d.id === id);
    if (!found) throw new GatewayRequestError("resource_missing", `No such dispute: '${id}'`, 404);
    return found;
  },
} as unknown as PaymentGateway;

const dispute = (id: string, change: Partial<GatewayDispute> = {}): GatewayDispute => ({
  id,
  processor: "sandbox",
  paymentIntentId: `pi_for_${id}`,
  amountCents: 25_000,
  feeCents: 1_500,
  currency: "usd",
  reason: "fraudulent",
  status: "needs_response",
  fundsWithdrawn: true,
  fundsReinstated: false,
  evidenceDueBy: null,
  createdAt: new Date(Date.now() - 60_000),
  ...change,
});

/** Our record of a dispute, as the disputes module writes it. */
async function recorded(processor: GatewayDispute): Promise<string> {
  const [row] = await database.db
    .insert(disputes)
    .values({
      processor: processor.processor,
      processorId: processor.id,
      paymentIntentId: processor.paymentIntentId,
      subject: "purchase",
      subjectId: "00000000-0000-4000-8000-000000000001",
      amountCents: processor.amountCents,
      feeCents: processor.feeCents,
      currency: processor.currency,
      reason: processor.reason,
      state: processor.status,
      fundsWithdrawn: processor.fundsWithdrawn,
    })
    .returning({ id: disputes.id });
  return row?.id ?? "";
}

const window = () => ({
  createdFrom: new Date(Date.now() - 3_600_000),
  createdTo: new Date(Date.now() + 1_000),
});
const reconcile = () => reconcileDisputes(database.db, gateway, window());

describe("disputes reconciled with the processor", () => {
  it("agrees when every dispute is known on both sides in the same state and amount", async () => {
    atProcessor = [dispute("dp_same")];
    await recorded(dispute("dp_same"));
    expect(await reconcile()).toEqual([]);
  });

  it("names a dispute row altered here: its state and its amount", async () => {
    const id = (await database.db.select().from(disputes).where(eq(disputes.processorId, "dp_same")))[0]?.id;
    await database.db
      .update(disputes)
      .set({ state: "won", amountCents: 20_000 })
      .where(eq(disputes.processorId, "dp_same"));
    expect(await reconcile()).toEqual([
      `dispute ${id} (dp_same) is won here, but needs_response at the processor`,
      `dispute ${id} (dp_same) is for $200.00 here, but $250.00 at the processor`,
    ]);
    await database.db
      .update(disputes)
      .set({ state: "needs_response", amountCents: 25_000 })
      .where(eq(disputes.processorId, "dp_same"));
  });

  it("names a processor's dispute not known here, and one here the processor does not have", async () => {
    atProcessor = [dispute("dp_same"), dispute("dp_unheard", { reason: "product_not_received" })];
    const ours = await recorded(dispute("dp_invented", { processor: "sandbox" }));
    expect(await reconcile()).toEqual([
      "the processor's dispute dp_unheard (product_not_received, $250.00 on pi_for_dp_unheard) is not known here",
      `dispute ${ours} (dp_invented, on pi_for_dp_invented) is not known to the processor`,
    ]);
    await database.db.delete(disputes).where(eq(disputes.processorId, "dp_invented"));
  });

  it("reads again a dispute the processor does not list (a reversal), and compares it", async () => {
    atProcessor = [dispute("dp_same")];
    const reversal = dispute("reversal:CAP1", { processor: "paypal", status: "lost" });
    await recorded(reversal);
    // Not in the window the processor lists, but still held there.
    atProcessor.push({ ...reversal, createdAt: new Date(0) });
    expect(await reconcile()).toEqual([]);
  });

  it("checks the ledger's disputes account against open disputes whose funds were withdrawn", async () => {
    const before = await checkLedger(database.db);
    expect(before).toContain(
      "disputes is 0 cents, but the processors hold 25000 cents of open disputes' funds",
    );
    const [row] = await database.db.select().from(disputes).where(eq(disputes.processorId, "dp_same"));
    await database.db.transaction((tx) =>
      postJournal(tx, {
        kind: "dispute_withdrawn",
        reference: row?.id ?? "",
        memo: "disputed payment withdrawn",
        entries: [
          { account: accounts.disputes, amountCents: -25_000 },
          { account: accounts.disputeFees, amountCents: -1_500 },
          { account: accounts.cardFunding, amountCents: 26_500 },
        ],
      }),
    );
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
