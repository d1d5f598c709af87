import { accountMails, serverMessages } from "@mx/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/users";
import { payAutomaticPayouts } from "../../jobs/pay-automatic-payouts";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox, type TestApp, verifiedToken } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { addPayoutCard, connectedPlayer, creditEarnings, earningsOf } from "../../test/payouts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ payoutHoldHours: 24 });
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
type Player = Awaited<ReturnType<typeof connectedPlayer>>;

/** The player last proved who they are an hour ago (signed in long before). */
const staleProof = (userId: string) =>
  db().update(sessions).set({ provenAt: sql`now() - interval '1 hour'` }).where(eq(sessions.userId, userId));
/** As if the hold had run its 24 hours. */
const holdOver = (userId: string) =>
  db().update(users).set({ payoutHoldUntil: sql`now() - interval '1 second'` }).where(eq(users.id, userId));
const mailsTo = async (email: string) =>
  (await mailbox(t, email)) as {
    subject: string;
    text: string;
  }[];
const cardsOf = async (token: string) =>
  (await t.call("GET", "/api/v1/users/externalAccountList", { token })).json().data.response as {
    id: string;
  }[];
const addCardWith = async (
  player: Player,
  proof: Record<string, string>,
  number: string = TEST_CARDS.visaDebit,
) => {
  const tok = (await tokenise(t, number)).json().data.id;
  return t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
    token: player.token,
    body: { externalAccount: tok, ...proof },
  });
};
const instant = (player: Player, body: Record<string, unknown> = {}) =>
  t.call("POST", "/api/v1/users/instant-payout-card", {
    token: player.token,
    body: { amount: 500, ...body },
  });

describe("fresh proof for payout cards", () => {
  it("a stale session cannot add a payout card; the current password can, and nothing is added on a wrong one", async () => {
    const player = await connectedPlayer(t);
    await staleProof(player.userId);
    const bare = await addCardWith(player, {});
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: "PROOF_REQUIRED", message: serverMessages.proofRequired });
    const wrong = await addCardWith(player, { currentPassword: "not it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(serverMessages.currentPasswordWrong);
    expect(await cardsOf(player.token)).toEqual([]);

    const proven = await addCardWith(player, { currentPassword: player.password });
    expect(proven.statusCode).toBe(201);
    expect(await cardsOf(player.token)).toHaveLength(1);
  });

  it("a fresh sign-in is proof enough for a few minutes, and refreshing the token does not renew it", async () => {
    const player = await connectedPlayer(t);
    expect((await addPayoutCard(t, player.token)).statusCode).toBe(201);
    await staleProof(player.userId);
    const refreshed = await t.call("POST", "/api/v1/users/refresh-token", { token: player.token });
    const token = refreshed.json().data.accessToken as string;
    const [card] = await cardsOf(token);
    const setDefault = (body: Record<string, unknown>) =>
      t.call("PUT", "/api/v1/users/setDefaultSubaccount", { token, body: { AccountId: card?.id, ...body } });
    expect((await setDefault({})).statusCode).toBe(403);
    expect((await setDefault({ currentPassword: player.password })).statusCode).toBe(200);
    // Proven now: the next change within the window needs nothing more.
    expect((await setDefault({})).statusCode).toBe(200);
  });

  it("a verified recovery code for the player's own e-mail is proof too, once", async () => {
    const player = await connectedPlayer(t);
    await staleProof(player.userId);
    const otpToken = await verifiedToken(t, player.email, "UFP");
    expect((await addCardWith(player, { otpToken })).statusCode).toBe(201);
    await staleProof(player.userId);
    expect((await addCardWith(player, { otpToken }, "5200 8282 8282 8210")).statusCode).toBe(400);
  });
});

describe("payout holds", () => {
  it("a new payout card holds payouts for 24 hours and e-mails the player", async () => {
    const player = await connectedPlayer(t);
    expect((await addPayoutCard(t, player.token)).statusCode).toBe(201);
    await creditEarnings(db(), player.userId, 5_000);
    const held = await instant(player);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe("PAYOUT_HELD");
    expect(held.json().message).toMatch(
      /^For your security, payouts are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect((await t.call("POST", "/api/v1/users/manual-payout", { token: player.token })).statusCode).toBe(
      409,
    );
    expect(await earningsOf(db(), player.userId)).toBe(5_000);
    const [mail] = await mailsTo(player.email);
    expect(mail?.subject).toBe(accountMails.payoutHold.subject);
    expect(mail?.text).toContain("A new payout card (VISA •••• 5556) was added");
    // Automatic payouts wait too.
    await t.call("PUT", "/api/v1/users/edit-Payout", { token: player.token, body: { type: "automatic" } });
    await runJobOnce(t.app.deps, payAutomaticPayouts);
    expect(await earningsOf(db(), player.userId)).toBe(5_000);

    await holdOver(player.userId);
    expect((await instant(player)).statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(4_500);
  });

  it("a password reset holds payouts, mails the player, and the first payout after it needs fresh proof", async () => {
    const player = await connectedPlayer(t);
    expect((await addPayoutCard(t, player.token)).statusCode).toBe(201);
    await holdOver(player.userId);
    await creditEarnings(db(), player.userId, 5_000);

    const otpToken = await verifiedToken(t, player.email, "UFP");
    const reset = await t.call("POST", "/api/v1/users/reset-password", {
      body: { email: player.email, otpToken, newPassword: "taken over" },
    });
    expect(reset.statusCode).toBe(200);
    const [mail] = await mailsTo(player.email);
    expect(mail?.subject).toBe(accountMails.payoutHold.subject);
    expect(mail?.text).toContain(accountMails.payoutHold.passwordReset);

    const login = await t.call("POST", "/api/v1/users/login", {
      body: { email: player.email, password: "taken over" },
    });
    const signedIn = { ...player, token: login.json().data.accessToken as string };
    expect((await instant(signedIn)).json().code).toBe("PAYOUT_HELD");
    await holdOver(player.userId);
    await staleProof(player.userId);
    const bare = await instant(signedIn);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe("PROOF_REQUIRED");
    expect(await earningsOf(db(), player.userId)).toBe(5_000);
    expect((await instant(signedIn, { currentPassword: "taken over" })).statusCode).toBe(200);
    // Only the first payout after the reset needs it.
    await staleProof(player.userId);
    expect((await instant(signedIn)).statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(4_000);
  });
});

describe("changing the e-mail", () => {
  it("needs fresh proof, changes nothing without it, and tells the old address", async () => {
    const player = await connectedPlayer(t);
    await staleProof(player.userId);
    const newEmail = `moved${Date.now()}@example.com`;
    const update = (body: Record<string, unknown>) =>
      t.call("PUT", "/api/v1/users/", { token: player.token, body });
    const refused = await update({ email: newEmail });
    expect(refused.statusCode).toBe(403);
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, player.userId));
    expect(row?.email).toBe(player.email);
    // Other fields need no proof, nor does sending the same e-mail again.
    expect((await update({ fullName: "New Name", email: player.email })).statusCode).toBe(200);

    const changed = await update({ email: newEmail, currentPassword: player.password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.data.email).toBe(newEmail);
    const [notice] = await mailsTo(player.email);
    expect(notice?.subject).toBe(accountMails.emailChanged.subject);
    expect(notice?.text).toContain(newEmail);
  });

  it("counts wrong passwords given as proof, like sign-in", async () => {
    const player = await connectedPlayer(t);
    await staleProof(player.userId);
    const guesses = await Promise.all(
      Array.from({ length: 14 }, () =>
        t.call("PUT", "/api/v1/users/", {
          token: player.token,
          body: { email: `x${Date.now()}@example.com`, currentPassword: "guess" },
        }),
      ),
    );
    const codes = guesses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});
