import { accountMails, serverMessages } from "@mx/shared/messages";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestApp, mailbox, signUp, type TestApp, verifiedToken } from "../../test/harness";
import { outboxMailTo } from "../../test/outbox";
import { deliverSoon } from "../outbox/deliver";
import { getProfile } from "./get-profile";
import { updateProfile } from "./update-profile";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (token: string, body: unknown) => t.call("PUT", "/api/v1/users/", { token, body });

describe("PUT /api/v1/users/", () => {
  it("updates the profile and returns it as data.data", async () => {
    const player = await signUp(t);
    const res = await update(player.token, {
      fullName: "  Ada Lovelace ",
      userName: `ada_${player.userName}`.slice(0, 30),
      email: `NEW.${player.email}`,
      buildingColor: "#FF8800",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(serverMessages.profileUpdated);
    expect(res.json().data.data).toMatchObject({
      fullName: "Ada Lovelace",
      email: `new.${player.email}`,
      buildingColor: "#ff8800",
    });
    const profile = await t.call("GET", "/api/v1/users/profile", { token: player.token });
    expect(profile.json().data).toEqual(res.json().data.data);
  });

  it("queues the e-mail change notices in the change's transaction: none if the change rolls back", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const db = t.app.deps.db;
    const subjects: string[] = [accountMails.emailChanged.subject, accountMails.emailChangeToTaken.subject];
    const noticesTo = async (to: string) =>
      (await outboxMailTo(db, to)).filter((row) =>
        subjects.includes((row.payload as { subject: string }).subject),
      );
    await expect(
      db.transaction(async (tx) => {
        const taken = await updateProfile(tx, b.userId, { email: a.email });
        expect(taken.takenEmail).toBe(a.email);
        const moved = await updateProfile(tx, a.userId, { email: `moved.${a.email}` });
        expect(moved.notice).not.toBeNull();
        // Both notices are written, seen inside the transaction only.
        const queued = await tx
          .select()
          .from(outboxMessages)
          .where(inArray(outboxMessages.id, [moved.notice?.id ?? "", taken.notice?.id ?? ""]));
        expect(queued).toHaveLength(2);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await noticesTo(a.email)).toEqual([]);
    expect(await noticesTo(`moved.${a.email}`)).toEqual([]);
    expect((await getProfile(db, a.userId)).email).toBe(a.email);

    // Committed, the notice to the old address is queued with it and sent after.
    const committed = await updateProfile(db, a.userId, { email: `moved.${a.email}` });
    expect(committed.notice).not.toBeNull();
    deliverSoon(t.app.deps, committed.notice);
    const [notice] = await mailbox(t, a.email);
    expect(notice?.subject).toBe(accountMails.emailChanged.subject);
    expect(await noticesTo(a.email)).toHaveLength(1);
  });

  it("accepts the player's own current e-mail and username unchanged", async () => {
    const player = await signUp(t);
    const res = await update(player.token, {
      email: player.email,
      userName: player.userName,
      fullName: "Same",
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers another player's e-mail exactly as a free one, changes nothing of it, and tells its owner", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const free = await update(b.token, { fullName: "Bea", email: `free.${b.email}` });
    const c = await signUp(t);
    const taken = await update(c.token, { fullName: "Bea", email: a.email.toUpperCase() });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message).toBe(free.json().message);
    const shape = (body: { data: { data: Record<string, unknown> } }) =>
      Object.keys(body.data.data).sort().join(",");
    expect(shape(taken.json())).toBe(shape(free.json()));
    expect(taken.json().data.data).toMatchObject({ fullName: "Bea", email: a.email.toLowerCase() });
    // The rest of the change is made; the e-mail stays with its owner.
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: c.token })).json().data;
    expect(profile).toMatchObject({ fullName: "Bea", email: c.email.toLowerCase() });
    const mails = (await mailbox(t, a.email)) as { subject: string }[];
    expect(mails.map((m) => m.subject)).toContain(accountMails.emailChangeToTaken.subject);
  });

  it("should fail with 409 for another player's username", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const name = await update(b.token, { userName: a.userName.toUpperCase() });
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toBe(serverMessages.userNameTaken);
  });

  it.each([
    [{}, "at least one of"],
    [{ buildingColor: "red" }, "buildingColor: must be a colour like #ffffff"],
    [{ buildingColor: "#ff880" }, "buildingColor:"],
    [{ fullName: "x".repeat(81) }, "fullName: must be at most 80 characters"],
    [{ role: "admin" }, 'unknown field "role"'],
  ])("should fail with 400 and change nothing for %j", async (body, message) => {
    const player = await signUp(t);
    const res = await update(player.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const profile = await t.call("GET", "/api/v1/users/profile", { token: player.token });
    expect(profile.json().data.fullName).toBe(player.fullName);
  });

  it("should fail with 401 without a token", async () => {
    expect((await t.call("PUT", "/api/v1/users/", { body: { fullName: "X" } })).statusCode).toBe(401);
  });
});

describe("DELETE /api/v1/users/{id}", () => {
  it("should fail with 403 for someone else's account and leave it alone", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await t.call("DELETE", `/api/v1/users/${a.userId}`, { token: b.token });
    expect(res.statusCode).toBe(403);
    expect((await t.call("GET", "/api/v1/users/profile", { token: a.token })).statusCode).toBe(200);
  });

  it("deletes the account: the token dies, sign-in fails, and the e-mail and username are free again", async () => {
    const player = await signUp(t);
    const res = await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(serverMessages.accountDeleted);
    expect((await t.call("GET", "/api/v1/users/profile", { token: player.token })).statusCode).toBe(401);
    const login = await t.call("POST", "/api/v1/users/login", {
      body: { email: player.email, password: player.password },
    });
    expect(login.statusCode).toBe(401);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    const otpToken = await verifiedToken(t, player.email);
    vi.useRealTimers();
    const again = await t.call("POST", "/api/v1/users/", {
      body: {
        email: player.email,
        password: "another one",
        otpToken,
        fullName: "Back",
        userName: player.userName,
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.userId).not.toBe(player.userId);
  });

  it("should fail with 401 without a token", async () => {
    expect((await t.call("DELETE", "/api/v1/users/whatever")).statusCode).toBe(401);
  });
});
