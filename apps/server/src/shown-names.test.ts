import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "./test/buildings";
import { buildPlayer, createTestApp, signUp, type TestApp, verifiedToken } from "./test/harness";

/**
 * Names every player sees (a building's name, a username, a full name) are refused with 400 saying why, and the
 * refusal changes nothing, whether the name arrives at sign-up, in a profile update or in a rename.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
  owner = await signUp(t);
  await giveBuilding(t.app.deps.db, "way/1", owner.userId, 200_000);
  expect((await rename({ buildingId: "way/1", name: "Sky Castle" })).statusCode).toBe(200);
});
afterAll(() => t.close());

const rename = (body: unknown) => t.call("PUT", "/api/v1/buildings", { token: owner.token, body });

type Field = "buildingName" | "userName" | "fullName";
const OFFENSIVE = "must not contain offensive language";
const URL = "must not contain a web address";
const EMAIL = "must not contain an e-mail address";
const POSING = "must not look like an official Manhattan Exchange account";
const USERNAME_CHARS = "may contain only letters, digits, '.', '_' and '-'";

/** Each kind of refused name, as each field is sent it, and the reason each answers with. */
const REFUSED: { kind: string; text: Record<Field, string>; reason: Record<Field, string> }[] = [
  {
    kind: "profanity",
    text: { buildingName: "Fuck Tower", userName: "fuck_tower", fullName: "Fuck Face" },
    reason: { buildingName: OFFENSIVE, userName: OFFENSIVE, fullName: OFFENSIVE },
  },
  {
    kind: "profanity spelt with look-alikes",
    text: { buildingName: "Sh1t Tower", userName: "sh1t.tower", fullName: "ｆｕｃｋ Face" },
    reason: { buildingName: OFFENSIVE, userName: OFFENSIVE, fullName: OFFENSIVE },
  },
  {
    kind: "a URL",
    text: {
      buildingName: "https://gold.example",
      userName: "cheap-gold.com",
      fullName: "see www.gold.example",
    },
    reason: { buildingName: URL, userName: URL, fullName: URL },
  },
  {
    kind: "an e-mail address",
    text: { buildingName: "mail me@example.com", userName: "me@example.com", fullName: "me@example.com" },
    reason: { buildingName: EMAIL, userName: USERNAME_CHARS, fullName: EMAIL },
  },
  {
    kind: "5,000 characters",
    text: { buildingName: "x".repeat(5000), userName: "x".repeat(5000), fullName: "x".repeat(5000) },
    reason: {
      buildingName: "must be at most 60 characters",
      userName: "must be at most 30 characters",
      fullName: "must be at most 80 characters",
    },
  },
  {
    kind: "a right-to-left override",
    text: { buildingName: "Tower\u202Eevil", userName: "tower\u202Eevil", fullName: "Ann\u202Eevil" },
    reason: {
      buildingName: "must not contain text-direction controls (such as U+202E)",
      userName: USERNAME_CHARS,
      fullName: "must not contain text-direction controls (such as U+202E)",
    },
  },
  {
    kind: "a zero-width space",
    text: { buildingName: "Tow\u200Ber", userName: "tow\u200Ber", fullName: "An\u200Bn" },
    reason: {
      buildingName: "must not contain invisible characters",
      userName: USERNAME_CHARS,
      fullName: "must not contain invisible characters",
    },
  },
];
const POSERS = [
  "admin",
  "ADMIN",
  "a.d.m.i.n",
  "Support",
  "support_team",
  "moderator",
  "Staff",
  "official",
  "ManhattanExchange",
  "manhattan_exchange",
  "Manhattan-Exchange",
];

async function users(): Promise<number> {
  const res = await t.app.deps.db.execute<{ n: number }>("select count(*)::int as n from users" as never);
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe("names fit to show", () => {
  it("refuses each kind of name in a rename, and keeps the old name", async () => {
    for (const { kind, text, reason } of REFUSED) {
      const res = await rename({ buildingId: "way/1", name: text.buildingName });
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().message, kind).toContain(`name: ${reason.buildingName}`);
    }
    const details = await t.call("GET", "/api/v1/properties/checkPropertyDetails?text=way/1", {
      token: owner.token,
    });
    expect(details.json().data.propertyDetails[0].name).toBe("Sky Castle");
  });

  it("refuses each kind of name in a profile update, and changes nothing", async () => {
    for (const { kind, text, reason } of REFUSED) {
      for (const field of ["userName", "fullName"] as const) {
        const res = await t.call("PUT", "/api/v1/users/", {
          token: owner.token,
          body: { [field]: text[field] },
        });
        expect(res.statusCode, `${kind} ${field}`).toBe(400);
        expect(res.json().message, `${kind} ${field}`).toContain(`${field}: ${reason[field]}`);
      }
    }
    for (const name of POSERS) {
      for (const field of ["userName", "fullName"] as const) {
        const res = await t.call("PUT", "/api/v1/users/", { token: owner.token, body: { [field]: name } });
        expect(res.statusCode, `${name} ${field}`).toBe(400);
        expect(res.json().message, `${name} ${field}`).toContain(`${field}: ${POSING}`);
      }
    }
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: owner.token })).json().data;
    expect(profile).toMatchObject({ userName: owner.userName, fullName: owner.fullName });
  });

  it("refuses each kind of name at sign-up, and makes no account", async () => {
    const player = buildPlayer();
    const otpToken = await verifiedToken(t, player.email);
    const before = await users();
    const signUpWith = (changes: Partial<typeof player>) =>
      t.call("POST", "/api/v1/users/", {
        body: { ...player, ...changes, otpToken, userType: "app", appType: "ios", deviceToken: "1" },
      });
    for (const { kind, text, reason } of REFUSED) {
      for (const field of ["userName", "fullName"] as const) {
        const res = await signUpWith({ [field]: text[field] });
        expect(res.statusCode, `${kind} ${field}`).toBe(400);
        expect(res.json().message, `${kind} ${field}`).toContain(`${field}: ${reason[field]}`);
      }
    }
    for (const name of POSERS) {
      for (const field of ["userName", "fullName"] as const) {
        const res = await signUpWith({ [field]: name });
        expect(res.statusCode, `${name} ${field}`).toBe(400);
        expect(res.json().message).toContain(`${field}: ${POSING}`);
      }
    }
    expect(await users()).toBe(before);
    // The same token still makes the account once the names are fit to show.
    expect((await signUpWith({})).statusCode).toBe(201);
  });

  it("tells a username's availability check that a posing name cannot be had", async () => {
    const res = await t.call("GET", "/api/v1/users/username-available?userName=Admin");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`userName: ${POSING}`);
  });

  it("stores names NFKC-normalised, and HTML as the text it is", async () => {
    const res = await rename({ buildingId: "way/1", name: "<b>Ｓｋｙ</b> Castle" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe("<b>Sky</b> Castle");
    const update = await t.call("PUT", "/api/v1/users/", {
      token: owner.token,
      body: { fullName: "Ａnn <i>Lee</i>" },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data.data.fullName).toBe("Ann <i>Lee</i>");
  });
});
