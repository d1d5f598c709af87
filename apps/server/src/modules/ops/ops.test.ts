import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/buildings";
import { auditLog, operatorFactors, reports } from "../../db/schema/ops";
import { users } from "../../db/schema/users";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { signUpOperator } from "../../test/operators";
import { runOpsCommand } from "./ops-command";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ reportsPerDay: 3 });
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const auditOf = async (action: string, targetId: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (r) => r.targetId === targetId,
  );
const opsRoutes = () =>
  t.app.routeTable
    .filter((r) => typeof r.url === "string" && r.url.startsWith("/api/v1/ops"))
    .map((r) => ({
      method: (Array.isArray(r.method) ? r.method[0] : r.method) as "GET" | "POST",
      url: r.url,
    }))
    .filter((r) => r.method === "GET" || r.method === "POST");
const concrete = (url: string) => url.replace(":id", "00000000-0000-4000-8000-000000000000");

describe("the operator console's gate", () => {
  it("answers 401 without a session, 403 to a player on every /ops route", async () => {
    const player = await signUp(t);
    const routes = opsRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, url } of routes) {
      expect((await t.call(method, concrete(url))).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await t.call(method, concrete(url), { token: player.token })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });

  it("answers 401 to an operator who has not passed the second factor, but for the factor's own routes", async () => {
    const op = await signUpOperator(t, "admin", { passed: false });
    for (const { method, url } of opsRoutes().filter((r) => !r.url.startsWith("/api/v1/ops/factor"))) {
      expect((await t.call(method, concrete(url), { token: op.token })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    const status = await t.call("GET", "/api/v1/ops/factor", { token: op.token });
    expect(status.json().data).toMatchObject({ role: "admin", enrolled: false, proven: false });
  });

  it("enrols TOTP once: a wrong code is refused, the secret is kept encrypted and never shown again", async () => {
    const op = await signUpOperator(t, "support", { passed: false });
    expect(op.recoveryCodes).toHaveLength(8);
    const wrong = await t.call("POST", "/api/v1/ops/factor/verify", {
      token: op.token,
      body: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    const code = await generate({ secret: op.secret });
    const ok = await t.call("POST", "/api/v1/ops/factor/verify", { token: op.token, body: { code } });
    expect(ok.json().data).toMatchObject({ enrolled: true, proven: true });
    // The same code is not taken twice.
    const again = await t.call("POST", "/api/v1/ops/factor/verify", { token: op.token, body: { code } });
    expect(again.statusCode).toBe(401);
    expect((await t.call("POST", "/api/v1/ops/factor/enrol", { token: op.token })).statusCode).toBe(409);
    const [factor] = await db().select().from(operatorFactors).where(eq(operatorFactors.userId, op.userId));
    expect(factor?.secretCipher).not.toContain(op.secret);
    expect(JSON.stringify(factor)).not.toContain(op.recoveryCodes[0]);
    expect((await t.call("GET", "/api/v1/ops/audit", { token: op.token })).statusCode).toBe(200);
  });

  it("takes a recovery code once, on a new session", async () => {
    const op = await signUpOperator(t, "support");
    const login = await t.call("POST", "/api/v1/users/login", {
      body: { email: op.email, password: op.password },
    });
    const token = login.json().data.accessToken as string;
    expect((await t.call("GET", "/api/v1/ops/audit", { token })).statusCode).toBe(401);
    const code = op.recoveryCodes[0] ?? "";
    expect((await t.call("POST", "/api/v1/ops/factor/verify", { token, body: { code } })).statusCode).toBe(
      200,
    );
    expect((await t.call("GET", "/api/v1/ops/audit", { token })).statusCode).toBe(200);
    const reused = await t.call("POST", "/api/v1/ops/factor/verify", { token: op.token, body: { code } });
    expect(reused.statusCode).toBe(401);
  });
});

describe("roles", () => {
  it("only an admin grants roles; the grant is in the audit log; the command line refuses nonsense", async () => {
    const admin = await signUpOperator(t, "admin");
    const support = await signUpOperator(t, "support");
    const finance = await signUpOperator(t, "finance");
    const player = await signUp(t);
    const grant = (token: string, role: string) =>
      t.call("POST", "/api/v1/ops/roles", { token, body: { email: player.email, role } });
    expect((await grant(support.token, "support")).statusCode).toBe(403);
    expect((await grant(finance.token, "support")).statusCode).toBe(403);
    expect((await grant(admin.token, "wizard")).statusCode).toBe(400);
    const done = await grant(admin.token, "support");
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ before: null, after: "support" });
    const [row] = await auditOf("role.grant", player.userId).then((rows) => rows.slice(-1));
    expect(row).toMatchObject({ actorId: admin.userId, actorRole: "admin", after: { role: "support" } });
    const missing = await t.call("POST", "/api/v1/ops/roles", {
      token: admin.token,
      body: { email: "nobody@example.com", role: "admin" },
    });
    expect(missing.statusCode).toBe(404);
    const lines: string[] = [];
    expect(await runOpsCommand(db(), ["grant", player.email, "wizard"], (l) => lines.push(l))).toBe(2);
    expect(await runOpsCommand(db(), ["grant"], (l) => lines.push(l))).toBe(2);
    expect(await runOpsCommand(db(), ["grant", player.email, "none"], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toContain("support → no role");
  });

  it("keeps the audit log append-only", async () => {
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe("players", () => {
  it("finds a player by e-mail, username or id, and shows their detail", async () => {
    const support = await signUpOperator(t, "support");
    const player = await signUp(t);
    await giveBuilding(db(), "way/2", player.userId, 50_000);
    for (const q of [player.email, player.userName.toUpperCase(), player.userId]) {
      const found = await t.call("GET", `/api/v1/ops/players?q=${encodeURIComponent(q)}`, {
        token: support.token,
      });
      expect(found.json().data[0]?.id, q).toBe(player.userId);
    }
    const detail = await t.call("GET", `/api/v1/ops/players/${player.userId}`, { token: support.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.holdings).toEqual([
      expect.objectContaining({ buildingId: "way/2", priceCents: 50_000 }),
    ]);
    expect(detail.json().data.sessions.length).toBeGreaterThan(0);
    expect((await t.call("GET", "/api/v1/ops/players/nope", { token: support.token })).statusCode).toBe(404);
    expect((await t.call("GET", "/api/v1/ops/players?q=", { token: support.token })).statusCode).toBe(400);
    await db().update(properties).set({ ownerId: null }).where(eq(properties.buildingId, "way/2"));
  });

  it("freezes trading and payouts with a reason the player sees, and lifts them", async () => {
    const support = await signUpOperator(t, "support");
    const player = await signUp(t);
    const freeze = (body: unknown) =>
      t.call("POST", `/api/v1/ops/players/${player.userId}/freeze`, { token: support.token, body });
    expect((await freeze({})).statusCode).toBe(400);
    expect((await freeze({ trading: "x" })).statusCode).toBe(400);
    expect(
      (await freeze({ trading: "Under review for chargebacks", payouts: "Identity check" })).statusCode,
    ).toBe(200);
    const buy = await t.call("POST", "/api/v1/properties/buy", {
      token: player.token,
      body: { buildingId: "way/3", bidAmount: 100, isApplePay: false },
    });
    expect(buy.statusCode).toBe(403);
    expect(buy.json().message).toContain("Under review for chargebacks");
    const bid = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: player.token,
      body: { propertyId: "00000000-0000-4000-8000-000000000000", bidAmount: 100, isApplePay: false },
    });
    expect(bid.statusCode).toBe(403);
    const develop = await t.call("POST", "/api/v1/properties/develop", {
      token: player.token,
      body: { propertyId: "way/3", kind: "facade" },
    });
    expect(develop.statusCode).toBe(403);
    expect(develop.json().message).toContain("Under review for chargebacks");
    const payout = await t.call("POST", "/api/v1/users/manual-payout", { token: player.token });
    expect(payout.statusCode).toBe(403);
    expect(payout.json().message).toContain("Identity check");
    const [row] = await auditOf("player.freeze", player.userId);
    expect(row).toMatchObject({
      actorId: support.userId,
      before: { trading: null, payouts: null },
      after: { trading: "Under review for chargebacks", payouts: "Identity check" },
    });
    expect((await freeze({ trading: null, payouts: null })).json().data.tradingFrozenReason).toBeNull();
    const [user] = await db().select().from(users).where(eq(users.id, player.userId));
    expect(user?.payoutsFrozenReason).toBeNull();
  });

  it("revokes a player's sessions", async () => {
    const support = await signUpOperator(t, "support");
    const player = await signUp(t);
    const res = await t.call("POST", `/api/v1/ops/players/${player.userId}/revoke-sessions`, {
      token: support.token,
    });
    expect(res.json().data.revoked).toBe(1);
    expect((await t.call("GET", "/api/v1/users/profile", { token: player.token })).statusCode).toBe(401);
    expect(await auditOf("player.revoke-sessions", player.userId)).toHaveLength(1);
  });

  it("resets a building's name, a colour and a username to neutral ones", async () => {
    const support = await signUpOperator(t, "support");
    const owner = await signUp(t);
    await giveBuilding(db(), "way/1", owner.userId, 90_000);
    await t.call("PUT", "/api/v1/buildings", {
      token: owner.token,
      body: { buildingId: "way/1", name: "Rude Name" },
    });
    await t.call("PUT", "/api/v1/users/", { token: owner.token, body: { buildingColor: "#ff0000" } });
    const reset = await t.call("POST", "/api/v1/ops/buildings/reset-name", {
      token: support.token,
      body: { buildingId: "way/1" },
    });
    expect(reset.json().data.name).toBe("Test Tower");
    const property = await t.call("GET", "/api/v1/properties/checkPropertyDetails?text=way/1", {
      token: owner.token,
    });
    expect(JSON.stringify(property.json())).not.toContain("Rude Name");
    expect((await auditOf("building.reset-name", "way/1"))[0]).toMatchObject({
      before: { name: "Rude Name" },
    });
    const missing = await t.call("POST", "/api/v1/ops/buildings/reset-name", {
      token: support.token,
      body: { buildingId: "way/404" },
    });
    expect(missing.statusCode).toBe(404);

    const colour = await t.call("POST", `/api/v1/ops/players/${owner.userId}/reset-colour`, {
      token: support.token,
    });
    expect(colour.json().data.color).toBe("#ffffff");
    expect((await auditOf("player.reset-colour", owner.userId))[0]).toMatchObject({
      before: { color: "#ff0000" },
    });

    const name = await t.call("POST", `/api/v1/ops/players/${owner.userId}/reset-username`, {
      token: support.token,
    });
    expect(name.json().data.userName).toMatch(/^player-[0-9a-f]{6}$/);
    const profile = await t.call("GET", "/api/v1/users/profile", { token: owner.token });
    expect(profile.json().data.userName).toBe(name.json().data.userName);
    expect((await auditOf("player.reset-username", owner.userId))[0]).toMatchObject({
      before: { userName: owner.userName },
    });
    await db().update(properties).set({ ownerId: null }).where(eq(properties.buildingId, "way/1"));
  });
});

describe("reports", () => {
  const report = (token: string, body: unknown) => t.call("POST", "/api/v1/reports", { token, body });

  it("takes a report of a building or a player, once while open, a few a day, and refuses unknown targets", async () => {
    const reporter = await signUp(t);
    const other = await signUp(t);
    expect((await report("", { targetType: "building", targetId: "way/1", reason: "rude" })).statusCode).toBe(
      401,
    );
    expect(
      (await report(reporter.token, { targetType: "flat", targetId: "way/1", reason: "rude" })).statusCode,
    ).toBe(400);
    expect((await report(reporter.token, { targetType: "building", targetId: "way/1" })).statusCode).toBe(
      400,
    );
    expect(
      (await report(reporter.token, { targetType: "building", targetId: "way/404", reason: "rude" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(reporter.token, { targetType: "player", targetId: "not-an-id", reason: "rude" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(reporter.token, { targetType: "player", targetId: reporter.userId, reason: "rude" }))
        .statusCode,
    ).toBe(400);
    const first = await report(reporter.token, {
      targetType: "building",
      targetId: "way/1",
      reason: "rude name",
    });
    expect(first.statusCode).toBe(201);
    expect(
      (await report(reporter.token, { targetType: "building", targetId: "way/1", reason: "again" }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await report(reporter.token, {
          targetType: "player",
          targetId: other.userId,
          reason: "impersonates staff",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await report(reporter.token, { targetType: "building", targetId: "way/2", reason: "spam" }))
        .statusCode,
    ).toBe(201);
    // The fourth in a day, with a limit of three.
    const fourth = await report(reporter.token, {
      targetType: "building",
      targetId: "way/3",
      reason: "spam",
    });
    expect(fourth.statusCode).toBe(429);
    const mine = await db().select().from(reports).where(eq(reports.reporterId, reporter.userId));
    expect(mine).toHaveLength(3);
  });

  it("queues reports for operators, who accept (reset the name, freeze) or dismiss them", async () => {
    const support = await signUpOperator(t, "support");
    const owner = await signUp(t);
    const reporter = await signUp(t);
    await giveBuilding(db(), "way/2", owner.userId, 40_000);
    await t.call("PUT", "/api/v1/buildings", {
      token: owner.token,
      body: { buildingId: "way/2", name: "Awful" },
    });
    const filed = await report(reporter.token, {
      targetType: "building",
      targetId: "way/2",
      reason: "offensive",
    });
    const id = filed.json().data.id as string;
    const queue = await t.call("GET", "/api/v1/ops/reports", { token: support.token });
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ id, targetName: "Awful", reporterName: reporter.userName, status: "open" }),
    );
    const resolve = (reportId: string, body: unknown) =>
      t.call("POST", `/api/v1/ops/reports/${reportId}/resolve`, { token: support.token, body });
    expect((await resolve(id, { action: "ban" })).statusCode).toBe(400);
    expect((await resolve(id, { action: "freeze" })).statusCode).toBe(400);
    const accepted = await resolve(id, { action: "reset-name" });
    expect(accepted.json().data).toMatchObject({
      status: "accepted",
      resolution: "reset-name",
      targetName: "10 West 33rd Street",
    });
    expect((await resolve(id, { action: "dismiss" })).statusCode).toBe(409);
    expect(await auditOf("report.accept", "way/2")).toHaveLength(1);
    expect(await auditOf("building.reset-name", "way/2")).toHaveLength(1);

    const about = await report(reporter.token, {
      targetType: "player",
      targetId: owner.userId,
      reason: "scams",
    });
    const frozen = await resolve(about.json().data.id, { action: "freeze", reason: "Reported for scams" });
    expect(frozen.json().data.resolution).toBe("freeze");
    const [user] = await db().select().from(users).where(eq(users.id, owner.userId));
    expect(user?.tradingFrozenReason).toBe("Reported for scams");

    const again = await report(reporter.token, {
      targetType: "building",
      targetId: "way/2",
      reason: "rude again",
    });
    expect((await resolve(again.json().data.id, { action: "warn" })).statusCode).toBe(400);
    const warned = await resolve(again.json().data.id, { action: "warn", reason: "Keep names civil." });
    expect(warned.json().data).toMatchObject({ status: "accepted", resolution: "warn" });
    const feed = await t.call("GET", "/api/v1/users/activities", { token: owner.token });
    expect(feed.json().data.activities).toContainEqual(
      expect.objectContaining({
        type: "account.warned",
        payload: { message: "Keep names civil.", buildingId: "way/2", propertyName: "10 West 33rd Street" },
      }),
    );

    const spurious = await report(owner.token, {
      targetType: "player",
      targetId: reporter.userId,
      reason: "dislike",
    });
    const dismissed = await resolve(spurious.json().data.id, { action: "dismiss" });
    expect(dismissed.json().data.status).toBe("dismissed");
    expect(await auditOf("report.dismiss", reporter.userId)).toHaveLength(1);
    await db().update(properties).set({ ownerId: null }).where(eq(properties.buildingId, "way/2"));
  });
});
