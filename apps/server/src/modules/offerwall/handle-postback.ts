import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import type { Params } from "@mx/processors/offer-wall";
import { OFFER_POSTBACK_KEEP_DAYS } from "@mx/shared/constants";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { offerCompletions, offerPostbacks, offerSignatures } from "../../db/schema/offerwall";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { recordActivity } from "../events/publish";
import { creditedToday, grantCredits, takeBackCredits } from "./credits";
import { adapterFor, type Postback, PostbackError, playerOf } from "./providers";

type PostbackOutcome = "credited" | "reversed" | "duplicate" | "ignored";
export type PostbackReply =
  | { status: 200; body: string; outcome: PostbackOutcome }
  | { status: 400 | 403 | 404; body: string };

type Request = {
  provider: string;
  params: Params;
  headers: Record<string, string | undefined>;
  ip: string;
};

/**
 * One partner postback, from its signature to the player's credits. Every postback is stored, refused ones too.
 * A credit or reversal is one transaction under the player's credits lock: the completion row (unique per
 * provider and transaction id, so a repeat credits nothing), the ledger journal and the activity.
 */
export async function handlePostback(
  deps: AppDeps,
  request: Request,
  now = new Date(),
): Promise<PostbackReply> {
  const { config } = deps;
  // Nothing is stored for a sender off the partner's addresses, nor for a provider not configured here: anyone
  // can send those, and they would only fill the disk.
  const allowed = config.offerwall.allowedIps;
  if (allowed && !allowed.includes(request.ip)) {
    return { status: 403, body: `address ${request.ip}: is not among the partner's addresses` };
  }
  let known: ReturnType<typeof adapterFor>;
  try {
    known = adapterFor(config, deps.offerWallPartner, request.provider);
  } catch (error) {
    if (!(error instanceof PostbackError)) throw error;
    return { status: error.status, body: error.message };
  }
  const { adapter, secret } = known;
  const fields = adapter.fields;
  let postback: Postback | null = null;
  let userId: string | null = null;
  try {
    postback = adapter.read(request.params, request.headers, secret, now);
    userId = playerOf(config, postback.playerRef);
    if (!userId) throw new PostbackError(400, "user: is not a player id this wall signed");
    const [player] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!player) throw new PostbackError(400, "user: no such player");
    const accepted = postback;
    const player_ = userId;
    const outcome = await deps.db.transaction(async (tx) => {
      // A signature is accepted once: the same signed postback again answers as a duplicate and credits nothing.
      const [fresh] = await tx
        .insert(offerSignatures)
        .values({ provider: request.provider, signature: accepted.signature })
        .onConflictDoNothing()
        .returning({ signature: offerSignatures.signature });
      if (!fresh) return "duplicate" as const;
      return accepted.reversal
        ? reverse(tx, request.provider, player_, accepted)
        : credit(deps, tx, request.provider, player_, accepted);
    });
    await store(deps, request, fields, { postback, userId, outcome, reason: null });
    return { status: 200, body: adapter.ok(postback, request.params), outcome };
  } catch (error) {
    if (!(error instanceof PostbackError)) throw error;
    await store(deps, request, fields, { postback, userId, outcome: "rejected", reason: error.message });
    return { status: error.status, body: error.message };
  }
}

/** The most characters kept of one stored parameter. */
const STORED_VALUE_CHARS = 200;

async function store(
  deps: AppDeps,
  request: Request,
  fields: string[],
  r: { postback: Postback | null; userId: string | null; outcome: string; reason: string | null },
) {
  // Only the parameters the provider defines, each cut short: a postback stores a few hundred bytes at most.
  const params: Params = {};
  for (const name of fields) {
    const value = request.params[name];
    if (value !== undefined) params[name] = value.slice(0, STORED_VALUE_CHARS);
  }
  await deps.db.insert(offerPostbacks).values({
    id: newId(),
    provider: request.provider.slice(0, 40),
    transactionId: r.postback?.transactionId.slice(0, STORED_VALUE_CHARS) ?? null,
    userId: r.userId,
    outcome: r.outcome,
    reason: r.reason?.slice(0, STORED_VALUE_CHARS) ?? null,
    amountCents: r.postback ? (r.postback.reversal ? -r.postback.amountCents : r.postback.amountCents) : null,
    params,
    ip: request.ip.slice(0, 64),
  });
}

/** Postbacks older than the days kept are deleted (the daily job); their signatures go with them. */
export async function purgeOldPostbacks(deps: Pick<AppDeps, "db">, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OFFER_POSTBACK_KEEP_DAYS * 24 * 60 * 60_000);
  const purged = await deps.db
    .delete(offerPostbacks)
    .where(lt(offerPostbacks.createdAt, before))
    .returning({ id: offerPostbacks.id });
  await deps.db.delete(offerSignatures).where(lt(offerSignatures.createdAt, before));
  return purged.length;
}

const reference = (provider: string, transactionId: string) => `${provider}:${transactionId}`;

async function credit(
  deps: AppDeps,
  tx: Tx,
  provider: string,
  userId: string,
  postback: Postback,
): Promise<PostbackOutcome> {
  // Under the player's credits lock from here on: a second postback for them waits, then sees this one.
  const today = await creditedToday(tx, userId);
  const [existing] = await tx
    .select()
    .from(offerCompletions)
    .where(
      and(
        eq(offerCompletions.provider, provider),
        eq(offerCompletions.transactionId, postback.transactionId),
      ),
    )
    .for("update");
  // An offer reversed before its credit arrived stays reversed: the credit is answered, and never paid.
  if (existing?.status === "reversed") return "ignored";
  if (existing && existing.status !== "pending") return "duplicate";
  if (existing && existing.userId !== userId) {
    throw new PostbackError(400, "user: is not the player this offer was started by");
  }
  const creditedCents = Math.min(
    postback.amountCents,
    Math.max(0, deps.config.offerwall.dailyCapCents - today),
  );
  const offerName = (postback.offerName ?? existing?.offerName ?? "An offer").slice(0, 200);
  const now = new Date();
  if (existing) {
    await tx
      .update(offerCompletions)
      .set({ status: "credited", amountCents: postback.amountCents, creditedCents, creditedAt: now })
      .where(eq(offerCompletions.id, existing.id));
  } else {
    const [inserted] = await tx
      .insert(offerCompletions)
      .values({
        id: newId(),
        provider,
        transactionId: postback.transactionId,
        userId,
        offerName,
        amountCents: postback.amountCents,
        creditedCents,
        status: "credited",
        creditedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: offerCompletions.id });
    if (!inserted) return "duplicate";
  }
  if (creditedCents > 0) {
    const { repaidCents } = await grantCredits(tx, {
      userId,
      amountCents: creditedCents,
      reference: reference(provider, postback.transactionId),
      memo: `${offerName} (${provider} ${postback.transactionId})`,
    });
    await recordActivity(tx, userId, "offer.credited", {
      offerName,
      amount: creditedCents / 100,
      repaid: repaidCents / 100,
    });
  }
  return "credited";
}

async function reverse(
  tx: Tx,
  provider: string,
  userId: string,
  postback: Postback,
): Promise<PostbackOutcome> {
  const [existing] = await tx
    .select()
    .from(offerCompletions)
    .where(
      and(
        eq(offerCompletions.provider, provider),
        eq(offerCompletions.transactionId, postback.transactionId),
      ),
    )
    .for("update");
  if (existing?.status === "reversed") return "duplicate";
  if (existing && existing.userId !== userId) {
    throw new PostbackError(400, "user: is not the player this offer was credited to");
  }
  let takeCents = 0;
  let offerName = (postback.offerName ?? existing?.offerName ?? "An offer").slice(0, 200);
  if (existing) {
    takeCents = existing.status === "credited" ? existing.creditedCents : 0;
    offerName = existing.offerName;
    await tx
      .update(offerCompletions)
      .set({ status: "reversed", reversedAt: new Date() })
      .where(eq(offerCompletions.id, existing.id));
  } else if (postback.standalone) {
    // A negative callback under its own id: recorded as an offer reversed, so a repeat takes nothing more.
    const [inserted] = await tx
      .insert(offerCompletions)
      .values({
        id: newId(),
        provider,
        transactionId: postback.transactionId,
        userId,
        offerName,
        amountCents: -postback.amountCents,
        creditedCents: 0,
        status: "reversed",
        reversedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: offerCompletions.id });
    if (!inserted) return "duplicate";
    takeCents = postback.amountCents;
  } else {
    // A reversal of an offer not credited here (yet): nothing to take back, but it is remembered, so that a credit
    // for it arriving later pays nothing.
    await tx
      .insert(offerCompletions)
      .values({
        id: newId(),
        provider,
        transactionId: postback.transactionId,
        userId,
        offerName,
        amountCents: 0,
        creditedCents: 0,
        status: "reversed",
        reversedAt: new Date(),
      })
      .onConflictDoNothing();
    return "ignored";
  }
  if (takeCents > 0) await takeBack(tx, provider, userId, postback, offerName, takeCents);
  return "reversed";
}

/** Takes a reversed offer's credits back from the player (a debt for what they spent already), with its activity. */
async function takeBack(
  tx: Tx,
  provider: string,
  userId: string,
  postback: Postback,
  offerName: string,
  takeCents: number,
): Promise<void> {
  const { debtCents } = await takeBackCredits(tx, {
    userId,
    amountCents: takeCents,
    reference: reference(provider, postback.transactionId),
    memo: `${offerName} reversed (${provider} ${postback.transactionId})`,
  });
  await recordActivity(tx, userId, "offer.reversed", {
    offerName,
    amount: takeCents / 100,
    debt: debtCents / 100,
  });
}

export type PlayerTotals = {
  user_id: string;
  user_name: string | null;
  offers: number;
  credited_cents: number;
  reversed_cents: number;
  balance_cents: number;
  debt_cents: number;
};

/** Per-player totals for the operator: offers, credits given and taken back, balance, debt. Biggest earners first. */
export async function offerwallPlayers(deps: Pick<AppDeps, "db">, limit = 100): Promise<PlayerTotals[]> {
  const rows = await queryRows<Record<keyof PlayerTotals, string | number | null>>(
    deps.db,
    sql`
    select u.id as user_id, u.user_name, count(c.id)::int as offers,
      coalesce(sum(c.credited_cents), 0)::bigint as credited_cents,
      (coalesce(sum(c.credited_cents) filter (where c.status = 'reversed'), 0)
        + coalesce(-sum(c.amount_cents) filter (where c.amount_cents < 0), 0))::bigint as reversed_cents,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account = 'credits:' || u.id)::bigint
        as balance_cents,
      (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e where e.account = 'credits-debt:' || u.id)::bigint
        as debt_cents
    from offer_completions c join users u on u.id = c.user_id
    group by u.id, u.user_name
    order by credited_cents desc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    user_id: String(r.user_id),
    user_name: r.user_name === null ? null : String(r.user_name),
    offers: Number(r.offers),
    credited_cents: Number(r.credited_cents),
    reversed_cents: Number(r.reversed_cents),
    balance_cents: Number(r.balance_cents),
    debt_cents: Number(r.debt_cents),
  }));
}

/** The latest postbacks, newest first, for the operator. */
export async function listPostbacks(deps: Pick<AppDeps, "db">, limit = 100) {
  return deps.db.select().from(offerPostbacks).orderBy(desc(offerPostbacks.createdAt)).limit(limit);
}
