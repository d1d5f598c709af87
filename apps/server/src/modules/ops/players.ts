import { randomBytes } from "node:crypto";
import { AppError } from "@mx/kit/errors";
import type { PlayerDetail, PlayerSummary } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { reports } from "../../db/schema/ops";
import { payouts } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { sessions, users } from "../../db/schema/users";
import { revokeAllSessions } from "../auth/sessions";
import { lockBuildings } from "../buildings/lock-buildings";
import { displayName, selectProperties } from "../buildings/present-property";
import { publishBuilding } from "../buildings/publish-building";
import { forgetSearches } from "../buildings/search-buildings";
import { announceInvalidation, publishPublic } from "../events/publish";
import { accounts } from "../ledger/ledger";
import { type Actor, audit } from "./audit";
import { disputesOfPayer } from "./disputes";
import { reportRows } from "./report-rows";
import { roleOf } from "./roles";

const DEFAULT_COLOUR = "#ffffff";

const summaryColumns = {
  id: users.id,
  email: users.email,
  userName: users.userName,
  fullName: users.fullName,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  tradingFrozenReason: users.tradingFrozenReason,
  payoutsFrozenReason: users.payoutsFrozenReason,
  buildingColor: users.buildingColor,
  restrictedReason: users.restrictedReason,
  restrictedAt: users.restrictedAt,
};

function presentSummary(row: {
  id: string;
  email: string | null;
  userName: string | null;
  fullName: string;
  createdAt: Date;
  deletedAt: Date | null;
  tradingFrozenReason: string | null;
  payoutsFrozenReason: string | null;
}): PlayerSummary {
  return {
    id: row.id,
    email: row.email,
    userName: row.userName,
    fullName: row.fullName,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    tradingFrozenReason: row.tradingFrozenReason,
    payoutsFrozenReason: row.payoutsFrozenReason,
  };
}

/** Players whose id, e-mail or username is the text, then those whose e-mail or username contains it (up to 25). */
export async function searchPlayers(q: Queryable, text: string): Promise<PlayerSummary[]> {
  const needle = text.trim();
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await q
    .select(summaryColumns)
    .from(users)
    .where(
      or(
        isUuid(needle) ? eq(users.id, needle) : undefined,
        ilike(users.email, like),
        ilike(users.userName, like),
      ),
    )
    .orderBy(
      sql`case when lower(${users.email}) = lower(${needle}) or lower(${users.userName}) = lower(${needle}) then 0 else 1 end`,
      users.createdAt,
    )
    .limit(25);
  return rows.map(presentSummary);
}

async function playerRow(q: Queryable, userId: string) {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", `No player with id ${userId}.`);
  const [row] = await q.select(summaryColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", `No player with id ${userId}.`);
  return row;
}

/** Everything an operator needs to see of one player. */
export async function playerDetail(q: Queryable, userId: string): Promise<PlayerDetail> {
  const row = await playerRow(q, userId);
  const [holdings, ledger, bought, developed, bidRows, payoutRows, sessionRows, reportList, role, disputed] =
    await Promise.all([
      selectProperties(q).where(eq(properties.ownerId, userId)).orderBy(buildings.id).limit(500),
      ledgerLinesOf(q, userId),
      q
        .select()
        .from(purchases)
        .where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.createdAt))
        .limit(100),
      developmentsOf(q, userId),
      q.select().from(bids).where(eq(bids.bidderId, userId)).orderBy(desc(bids.createdAt)).limit(100),
      q.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt)).limit(100),
      q
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt))
        .limit(50),
      reportsAbout(q, userId),
      roleOf(q, userId),
      disputesOfPayer(q, userId),
    ]);
  const restriction = row.restrictedReason
    ? { reason: row.restrictedReason, since: (row.restrictedAt ?? row.createdAt).toISOString() }
    : null;
  return {
    profile: { ...presentSummary(row), buildingColor: row.buildingColor, role, restriction },
    holdings: holdings.map((h) => ({
      buildingId: h.buildingId ?? "",
      name: displayName(h),
      priceCents: h.priceCents ?? 0,
      forSale: h.forSale ?? false,
    })),
    ledger: ledger.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
    purchases: bought.map((p) => ({
      id: p.id,
      buildingId: p.buildingId,
      state: p.status,
      amountCents: p.totalCents,
      createdAt: p.createdAt.toISOString(),
    })),
    developments: developed,
    bids: bidRows.map((b) => ({
      id: b.id,
      buildingId: b.buildingId,
      state: b.status,
      amountCents: b.totalCents,
      createdAt: b.createdAt.toISOString(),
    })),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      state: p.state,
      amountCents: p.amountCents,
      createdAt: p.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
    })),
    reports: reportList,
    disputes: disputed,
  };
}

/** The player's latest ledger lines on their earnings, clearing proceeds, credits and credits-debt (up to 100). */
function ledgerLinesOf(q: Queryable, userId: string) {
  return q
    .select({
      journalId: ledgerJournals.id,
      kind: ledgerJournals.kind,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerJournals.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      inArray(ledgerEntries.account, [
        accounts.earnings(userId),
        accounts.clearing(userId),
        accounts.credits(userId),
        accounts.creditsDebt(userId),
      ]),
    )
    .orderBy(desc(ledgerJournals.createdAt))
    .limit(100);
}

/** Reports about the player or one of their buildings, and those they made (up to 100). */
function reportsAbout(q: Queryable, userId: string) {
  return reportRows(
    q,
    or(
      and(eq(reports.targetType, "player"), eq(reports.targetId, userId)),
      eq(reports.reporterId, userId),
      and(
        eq(reports.targetType, "building"),
        inArray(
          reports.targetId,
          q.select({ id: properties.buildingId }).from(properties).where(eq(properties.ownerId, userId)),
        ),
      ),
    ),
    100,
  );
}

/** The player's developments, newest first, each marked if it is its building's latest paid one. */
async function developmentsOf(q: Queryable, userId: string): Promise<PlayerDetail["developments"]> {
  const rows = await q
    .select({
      id: developments.id,
      buildingId: developments.buildingId,
      kind: developments.kind,
      level: developments.level,
      state: developments.state,
      amountCents: developments.totalCents,
      createdAt: developments.createdAt,
      latest: sql<boolean>`${developments.state} in ('constructing', 'completed') and not exists (
        select 1 from developments l where l.building_id = ${developments.buildingId}
          and l.state in ('constructing', 'completed') and l.level > ${developments.level})`,
    })
    .from(developments)
    .where(eq(developments.userId, userId))
    .orderBy(desc(developments.createdAt))
    .limit(100);
  return rows.map((d) => ({ ...d, latest: Boolean(d.latest), createdAt: d.createdAt.toISOString() }));
}

/**
 * Freezes or lifts a player's trading and/or payouts; the reason is what the player is told when refused. A key
 * left out is left as it is; null lifts that freeze.
 */
export async function freezePlayer(
  db: Db,
  actor: Actor,
  userId: string,
  change: { trading?: string | null; payouts?: string | null },
): Promise<PlayerSummary> {
  if (change.trading === undefined && change.payouts === undefined) {
    throw new AppError("BAD_REQUEST", "trading or payouts: say what to freeze or lift.");
  }
  return db.transaction(async (tx) => {
    const before = await playerRow(tx, userId);
    const set = {
      ...(change.trading !== undefined ? { tradingFrozenReason: change.trading } : {}),
      ...(change.payouts !== undefined ? { payoutsFrozenReason: change.payouts } : {}),
    };
    await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const after = await playerRow(tx, userId);
    await audit(tx, actor, {
      action: "player.freeze",
      targetType: "player",
      targetId: userId,
      before: { trading: before.tradingFrozenReason, payouts: before.payoutsFrozenReason },
      after: { trading: after.tradingFrozenReason, payouts: after.payoutsFrozenReason },
    });
    return presentSummary(after);
  });
}

/** Ends every live session of the player: they sign in again. */
export async function revokePlayerSessions(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    await playerRow(tx, userId);
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await revokeAllSessions(tx, userId);
    await audit(tx, actor, {
      action: "player.revoke-sessions",
      targetType: "player",
      targetId: userId,
      before: { liveSessions: live.length },
      after: { liveSessions: 0 },
    });
    return { revoked: live.length };
  });
}

/** Takes an owner's name for a building down: it shows its data name (or address) again, to every player. */
export async function resetBuildingName(
  db: Db,
  actor: Actor,
  buildingId: string,
): Promise<{ buildingId: string; name: string }> {
  return db
    .transaction(async (tx) => {
      await lockBuildings(tx, [buildingId]);
      const [row] = await selectProperties(tx).where(eq(buildings.id, buildingId)).limit(1);
      if (!row) throw new AppError("NOT_FOUND", `No building with id ${buildingId}.`);
      await tx
        .update(properties)
        .set({ customName: null, updatedAt: new Date() })
        .where(eq(properties.buildingId, buildingId));
      const name = displayName({ ...row, customName: null });
      await publishBuilding(tx, "building.renamed", buildingId);
      if (row.ownerId) await announceInvalidation(tx, { player: row.ownerId });
      await audit(tx, actor, {
        action: "building.reset-name",
        targetType: "building",
        targetId: buildingId,
        before: { name: row.customName, ownerId: row.ownerId },
        after: { name: null, shown: name },
      });
      return { buildingId, name };
    })
    .finally(() => forgetSearches(db));
}

/** Puts a player's building colour back to the default white. */
export async function resetPlayerColour(db: Db, actor: Actor, userId: string): Promise<{ color: string }> {
  return db.transaction(async (tx) => {
    const before = await playerRow(tx, userId);
    await tx
      .update(users)
      .set({ buildingColor: DEFAULT_COLOUR, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (before.buildingColor !== DEFAULT_COLOUR) {
      await publishPublic(tx, { type: "player.recoloured", userId, color: DEFAULT_COLOUR });
    }
    await announceInvalidation(tx, { player: userId });
    await audit(tx, actor, {
      action: "player.reset-colour",
      targetType: "player",
      targetId: userId,
      before: { color: before.buildingColor },
      after: { color: DEFAULT_COLOUR },
    });
    return { color: DEFAULT_COLOUR };
  });
}

/** Replaces a player's username with a neutral one, `player-` and six random hex digits, free of case. */
export async function resetUserName(db: Db, actor: Actor, userId: string): Promise<{ userName: string }> {
  return db.transaction(async (tx) => {
    const before = await playerRow(tx, userId);
    let userName = "";
    for (let tries = 0; ; tries++) {
      userName = `player-${randomBytes(3).toString("hex")}`;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.userName}) = ${userName}`)
        .limit(1);
      if (!taken) break;
      if (tries > 20) throw new Error("no free neutral username");
    }
    await tx.update(users).set({ userName, updatedAt: new Date() }).where(eq(users.id, userId));
    await announceInvalidation(tx, { player: userId });
    await audit(tx, actor, {
      action: "player.reset-username",
      targetType: "player",
      targetId: userId,
      before: { userName: before.userName },
      after: { userName },
    });
    return { userName };
  });
}
