import type { GatewayDispute } from "@mx/processors/gateway";
import { deliverSandboxNotices } from "@mx/sandbox/notices";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { disputes } from "../../db/schema/disputes";
import { auditLog } from "../../db/schema/ops";
import { users } from "../../db/schema/users";
import { importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { signUpOperator } from "../../test/operators";
import { assertNotRestricted, RESTRICTION_REASONS, restrictPlayer } from "../auth/restriction";
import { processorNotices } from "../webhooks/processor-notices";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const DAY = 86_400_000;
const auditOf = async (action: string, targetId: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (r) => r.targetId === targetId,
  );

let seq = 0;
/** A dispute row as the dispute handler writes it, straight into the table. */
async function insertDispute(
  payerId: string,
  change: Partial<typeof disputes.$inferInsert> = {},
): Promise<typeof disputes.$inferSelect> {
  seq += 1;
  const [row] = await db()
    .insert(disputes)
    .values({
      processor: "sandbox",
      processorId: `dp_test_${Date.now()}_${seq}`,
      paymentIntentId: `pi_test_${seq}`,
      subject: "purchase",
      subjectId: `purchase-${seq}`,
      buildingId: "way/2",
      payerId,
      amountCents: 10_000 + seq,
      feeCents: 1_500,
      currency: "usd",
      reason: "fraudulent",
      state: "needs_response",
      evidenceDueBy: new Date(Date.now() + 7 * DAY),
      // Strictly after the one before: the database's clock may give two quick inserts the same time.
      createdAt: new Date(Date.now() + seq),
      ...change,
    })
    .returning();
  if (!row) throw new Error("no dispute");
  return row;
}

const newRoutes = [
  { method: "GET", url: "/api/v1/ops/disputes" },
  { method: "POST", url: "/api/v1/ops/disputes/00000000-0000-4000-8000-000000000000/evidence" },
  { method: "GET", url: "/api/v1/ops/restricted-players" },
  { method: "POST", url: "/api/v1/ops/players/00000000-0000-4000-8000-000000000000/restriction/lift" },
] as const;

describe("the console's disputes and restrictions: the gate", () => {
  it("answers 401 without a session, 403 to a player and to support, 401 before the second factor", async () => {
    const player = await signUp(t);
    const support = await signUpOperator(t, "support");
    const unproven = await signUpOperator(t, "finance", { passed: false });
    for (const { method, url } of newRoutes) {
      const body = method === "POST" ? { text: "winning_evidence and more", note: "checked" } : undefined;
      expect((await t.call(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.call(method, url, { token: player.token, body })).statusCode, url).toBe(403);
      expect((await t.call(method, url, { token: support.token, body })).statusCode, url).toBe(403);
      expect((await t.call(method, url, { token: unproven.token, body })).statusCode, url).toBe(401);
    }
  });
});

describe("the disputes list", () => {
  it("filters by state, sorts newest or due soonest, pages with a cursor and refuses nonsense", async () => {
    const finance = await signUpOperator(t, "finance");
    const payer = await signUp(t);
    const soon = await insertDispute(payer.userId, { evidenceDueBy: new Date(Date.now() + 2 * DAY) });
    const later = await insertDispute(payer.userId, { evidenceDueBy: new Date(Date.now() + 9 * DAY) });
    const reviewing = await insertDispute(payer.userId, { state: "under_review", evidenceDueBy: null });
    const won = await insertDispute(payer.userId, { state: "won", closedAt: new Date() });
    const lost = await insertDispute(payer.userId, {
      state: "lost",
      subject: "bid",
      returnedToGame: true,
      closedAt: new Date(),
    });
    const list = async (query: string) => {
      const res = await t.call("GET", `/api/v1/ops/disputes?${query}`, { token: finance.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { disputes: { id: string }[]; nextCursor: string | null };
    };
    const ids = (page: { disputes: { id: string }[] }) => page.disputes.map((d) => d.id);

    expect(ids(await list("state=open&sort=due"))).toEqual([soon.id, later.id, reviewing.id]);
    expect(ids(await list("state=won"))).toEqual([won.id]);
    expect(ids(await list("state=lost"))).toEqual([lost.id]);
    const all = await list("");
    expect(ids(all)).toEqual([lost.id, won.id, reviewing.id, later.id, soon.id]);
    expect(all.disputes[0]).toMatchObject({
      payerName: payer.userName,
      subject: "bid",
      buildingId: "way/2",
      feeCents: 1_500,
      state: "lost",
      returnedToGame: true,
    });

    for (const sort of ["newest", "due"]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`);
        walked.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked, sort).toEqual(ids(await list(`sort=${sort}`)));
    }

    for (const bad of [
      "state=closed",
      "sort=oldest",
      "limit=0",
      "limit=abc",
      "cursor=bm90LWEtY3Vyc29y",
      "x=1",
    ]) {
      const res = await t.call("GET", `/api/v1/ops/disputes?${bad}`, { token: finance.token });
      expect(res.statusCode, bad).toBe(400);
    }
    const badCursor = await t.call("GET", "/api/v1/ops/disputes?cursor=bm90LWEtY3Vyc29y", {
      token: finance.token,
    });
    expect(badCursor.json().message).toContain("cursor");
  });

  it("shows a player's restriction and disputes on their page", async () => {
    const support = await signUpOperator(t, "support");
    const payer = await signUp(t);
    const dispute = await insertDispute(payer.userId);
    await db().transaction((tx) => restrictPlayer(tx, payer.userId, RESTRICTION_REASONS.disputeLost));
    const res = await t.call("GET", `/api/v1/ops/players/${payer.userId}`, { token: support.token });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.profile.restriction).toMatchObject({ reason: RESTRICTION_REASONS.disputeLost });
    expect(detail.disputes.map((d: { id: string }) => d.id)).toEqual([dispute.id]);
  });
});

const answered = (row: typeof disputes.$inferSelect, status: GatewayDispute["status"]): GatewayDispute => ({
  id: row.processorId,
  processor: "sandbox",
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  currency: row.currency,
  reason: row.reason,
  status,
  fundsWithdrawn: true,
  fundsReinstated: false,
  evidenceDueBy: null,
  createdAt: row.createdAt,
});

describe("evidence", () => {
  it("refuses bad input, unknown and closed disputes, and a dispute the processor does not know", async () => {
    const finance = await signUpOperator(t, "finance");
    const payer = await signUp(t);
    const open = await insertDispute(payer.userId);
    const closed = await insertDispute(payer.userId, { state: "won", closedAt: new Date() });
    const give = (id: string, body: unknown) =>
      t.call("POST", `/api/v1/ops/disputes/${id}/evidence`, { token: finance.token, body });
    const text = "The buyer signed for it: winning_evidence";

    expect((await give(open.id, {})).statusCode).toBe(400);
    expect((await give(open.id, { text: "short" })).json().message).toContain("text");
    expect((await give(open.id, { text, extra: 1 })).statusCode).toBe(400);
    expect((await give("00000000-0000-4000-8000-000000000000", { text })).statusCode).toBe(404);
    expect((await give("not-a-dispute", { text })).statusCode).toBe(404);
    const refusedClosed = await give(closed.id, { text });
    expect(refusedClosed.statusCode).toBe(409);
    expect(refusedClosed.json().message).toContain("closed");

    // The sandbox knows no dispute by this id: its refusal is named, and the evidence is not kept.
    const unknown = await give(open.id, { text });
    expect(unknown.statusCode, unknown.body).toBe(409);
    expect(unknown.json().message).toContain(open.processorId);
    const [after] = await db().select().from(disputes).where(eq(disputes.id, open.id));
    expect(after).toMatchObject({ state: "needs_response", evidenceText: null, evidenceSubmittedAt: null });
    expect(await auditOf("dispute.evidence", open.id)).toEqual([]);
  });

  it("keeps the evidence and the state the processor answers, once, in the audit log", async () => {
    const finance = await signUpOperator(t, "finance");
    const payer = await signUp(t);
    const open = await insertDispute(payer.userId);
    const submit = vi
      .spyOn(t.app.deps.gateway, "submitDisputeEvidence")
      .mockImplementation(async () => answered(open, "under_review"));
    try {
      const text = "Delivery confirmed with the buyer's signature. winning_evidence";
      const res = await t.call("POST", `/api/v1/ops/disputes/${open.id}/evidence`, {
        token: finance.token,
        body: { text: `  ${text} ` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(submit).toHaveBeenCalledWith({ id: open.processorId, text });
      expect(res.json().data).toMatchObject({ state: "under_review", evidenceText: text });
      const [row] = await db().select().from(disputes).where(eq(disputes.id, open.id));
      expect(row?.state).toBe("under_review");
      expect(row?.evidenceSubmittedAt).toBeInstanceOf(Date);
      const [entry] = await auditOf("dispute.evidence", open.id);
      expect(entry).toMatchObject({
        actorId: finance.userId,
        actorRole: "finance",
        before: { state: "needs_response", evidenceSubmittedAt: null },
        after: { state: "under_review", evidenceText: text },
      });
      const again = await t.call("POST", `/api/v1/ops/disputes/${open.id}/evidence`, {
        token: finance.token,
        body: { text },
      });
      expect(again.statusCode).toBe(409);
      expect(submit).toHaveBeenCalledTimes(1);
    } finally {
      submit.mockRestore();
    }
  });
});

/**
 * Waits (up to 15 s) for `read` to give something, delivering the sandbox processor's notices due meanwhile without
 * their delay: on a busy machine the app's own sender (a sweep a second, 3 s after the payment, 5 s after a failed
 * try) took longer than the wait.
 */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    await deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

describe("evidence through the sandbox", () => {
  it("a purchase with a card that is disputed: evidence goes to the processor, the dispute is won and unfrozen", async () => {
    const finance = await signUpOperator(t, "finance");
    const buyer = await signUp(t);
    const card = await addCard(t, buyer.token, "4000 0000 0000 0259");
    const [building] = await db().select().from(buildings).where(eq(buildings.id, "way/1"));
    const bought = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: {
        buildingId: "way/1",
        paymentMethodId: card,
        bidAmount: (building?.basePriceCents ?? 0) / 100,
        isApplePay: false,
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const opened = await eventually(
      async () => (await db().select().from(disputes).where(eq(disputes.payerId, buyer.userId)))[0],
      "the dispute is recorded",
    );
    expect(opened).toMatchObject({ state: "needs_response", subject: "purchase", buildingId: "way/1" });
    // The console does not refund a disputed payment: the processor would refuse, and the dispute decides.
    const refund = await t.call("POST", `/api/v1/ops/purchases/${opened.subjectId}/refund`, {
      token: finance.token,
      body: { reason: "The buyer asked for their money back." },
    });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json().message).toContain("This payment is disputed (needs response)");

    const listed = await t.call("GET", "/api/v1/ops/disputes?state=open&sort=due", { token: finance.token });
    expect(listed.json().data.disputes.map((d: { id: string }) => d.id)).toContain(opened.id);
    const text = "The buyer used the building for a week. winning_evidence";
    const res = await t.call("POST", `/api/v1/ops/disputes/${opened.id}/evidence`, {
      token: finance.token,
      body: { text },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ evidenceText: text });
    expect(["under_review", "won"]).toContain(res.json().data.state);
    expect(await auditOf("dispute.evidence", opened.id)).toHaveLength(1);

    // The sandbox decides on its words, and the dispute handler closes it: won, and the building unfrozen.
    const won = await eventually(async () => {
      const [row] = await db().select().from(disputes).where(eq(disputes.id, opened.id));
      return row?.state === "won" ? row : undefined;
    }, "the dispute is won");
    expect(won.evidenceText).toBe(text);
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, "way/1"));
    expect(property).toMatchObject({ ownerId: buyer.userId, frozenDisputeId: null });
    const closed = await t.call("POST", `/api/v1/ops/disputes/${opened.id}/evidence`, {
      token: finance.token,
      body: { text },
    });
    expect(closed.statusCode).toBe(409);
  });
});

/** Buys way/3 at its base price with the card. */
async function buyWithCard(token: string, card: string) {
  const [building] = await db().select().from(buildings).where(eq(buildings.id, "way/3"));
  return t.call("POST", "/api/v1/properties/buy", {
    token,
    body: {
      buildingId: "way/3",
      paymentMethodId: card,
      bidAmount: (building?.basePriceCents ?? 0) / 100,
      isApplePay: false,
    },
  });
}

describe("restricted accounts", () => {
  it("lists restricted players; lifting one is audited and lets them pay by card again", async () => {
    const finance = await signUpOperator(t, "finance");
    const player = await signUp(t);
    const card = await addCard(t, player.token);
    await db().transaction((tx) => restrictPlayer(tx, player.userId, RESTRICTION_REASONS.fraudWarning));
    await expect(assertNotRestricted(db(), player.userId, "payments")).rejects.toThrow(/restricted/);
    const refused = await buyWithCard(player.token, card);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toContain(RESTRICTION_REASONS.fraudWarning);

    const listed = await t.call("GET", "/api/v1/ops/restricted-players", { token: finance.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.players[0]).toMatchObject({
      id: player.userId,
      userName: player.userName,
      reason: RESTRICTION_REASONS.fraudWarning,
    });
    const lift = (id: string, body: unknown) =>
      t.call("POST", `/api/v1/ops/players/${id}/restriction/lift`, { token: finance.token, body });
    expect((await lift(player.userId, {})).statusCode).toBe(400);
    expect((await lift(player.userId, { note: "x" })).json().message).toContain("note");
    expect((await lift("00000000-0000-4000-8000-000000000000", { note: "checked" })).statusCode).toBe(404);

    const done = await lift(player.userId, { note: "Card holder confirmed by phone" });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, player.userId));
    expect(row).toMatchObject({ restrictedReason: null, restrictedAt: null });
    const [entry] = await auditOf("player.restriction.lift", player.userId);
    expect(entry).toMatchObject({
      actorId: finance.userId,
      before: { reason: RESTRICTION_REASONS.fraudWarning },
      after: { reason: null, note: "Card holder confirmed by phone" },
    });
    expect((await lift(player.userId, { note: "again" })).statusCode).toBe(409);
    const relisted = await t.call("GET", "/api/v1/ops/restricted-players", { token: finance.token });
    expect(relisted.json().data.players.map((p: { id: string }) => p.id)).not.toContain(player.userId);

    await assertNotRestricted(db(), player.userId, "payments");
    expect((await buyWithCard(player.token, card)).statusCode).toBe(200);
  });

  it("pages the restricted players with a cursor", async () => {
    const admin = await signUpOperator(t, "admin");
    const players = [await signUp(t), await signUp(t), await signUp(t)];
    for (const p of players) {
      await db().transaction((tx) => restrictPlayer(tx, p.userId, RESTRICTION_REASONS.disputeLost));
    }
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call(
        "GET",
        `/api/v1/ops/restricted-players?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        { token: admin.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      walked.push(...res.json().data.players.map((p: { id: string }) => p.id));
      cursor = res.json().data.nextCursor;
    } while (cursor);
    const whole = await t.call("GET", "/api/v1/ops/restricted-players?limit=100", { token: admin.token });
    expect(walked).toEqual(whole.json().data.players.map((p: { id: string }) => p.id));
    expect(new Set(walked).size).toBe(walked.length);
    // Restricted last first (two restricted in the same millisecond come in either order).
    expect(new Set(walked.slice(0, 3))).toEqual(new Set(players.map((p) => p.userId)));
    const bad = await t.call("GET", "/api/v1/ops/restricted-players?limit=101", { token: admin.token });
    expect(bad.statusCode).toBe(400);
  });
});
