import { randomUUID } from "node:crypto";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSampleCity } from "./test/buildings";
import { createTestApp, signUp, type TestApp } from "./test/harness";

/**
 * Malformed bodies, queries, path parameters and headers sent to every endpoint of the OpenAPI document the app
 * serves. Every answer must be a 4xx with a message (no stack trace, no SQL), and no table may gain or lose a row.
 * Endpoints that take no input at all (a GET of public data) cannot be sent anything malformed; they are only
 * sent junk they ignore, and must answer without a 5xx.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
};
type Parameter = { in: "query" | "path" | "header"; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
};
type Case = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** False for junk an endpoint that takes no input may ignore. */
  malformed: boolean;
};

const LONE = "\ud800";
const PROOF_FIELDS = new Set(["currentPassword", "otpToken"]);
const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** A value the schema accepts, as far as a guess goes, so that one malformed field reaches deeper code. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "email") return "fuzz@example.com";
      if (schema.format === "uuid") return randomUUID();
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      // Optional proof fields are left out: a plausible password is a wrong one, and a wrong password is counted
      // (rightly) as an attempt.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key) || !PROOF_FIELDS.has(key))
          .map(([key, value]) => [key, plausible(value)]),
      );
    default:
      return "x";
  }
}

/** Values that are wrong for a field of this schema, whatever else the request holds. */
function wrongFor(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const always: unknown[] = [
    { $gt: "" },
    [1, 2],
    { __proto__: { polluted: true } },
    { constructor: { prototype: {} } },
  ];
  if (type === "string" || schema.enum) {
    return [
      ...always,
      `way/${LONE}1`,
      `\udc00${LONE}`,
      "a\u0000b",
      "x".repeat((schema.maxLength ?? 2000) + 1),
      12.5,
      1e308,
      true,
      ...(schema.enum ? ["not-one-of-them"] : []),
    ];
  }
  if (type === "integer" || type === "number") {
    return [
      ...always,
      1e308,
      -1e308,
      2 ** 64,
      Number.MAX_SAFE_INTEGER + 2,
      -1,
      ...(type === "integer" ? [0.5, 1.0000001, 1e-320] : []),
      `1${LONE}`,
      "1e999",
      "NaN",
      // Numbers as loose text: only a plain decimal is a number.
      "0x10",
      "1e1",
      " 5 ",
      "",
    ];
  }
  if (type === "boolean") return [...always, "true", 1, `${LONE}`];
  if (type === "array") return [{ a: 1 }, LONE, deep(40), Array.from({ length: 5000 }, () => LONE)];
  return [...always, LONE, 1e308, "a\u0000b"];
}

function bodyCases(method: string, url: string, schema: JsonSchema, auth: Record<string, string>): Case[] {
  const json = { "content-type": "application/json", ...auth };
  const raw = (label: string, payload: string | Buffer, headers = json): Case => ({
    label,
    method,
    url,
    headers,
    payload,
    malformed: true,
  });
  const cases: Case[] = [
    raw("invalid JSON", "{"),
    raw(
      "JSON with a lone surrogate escape",
      `{"${Object.keys(schema.properties ?? { a: 1 })[0]}":"\\ud800"}`,
    ),
    raw("an array", "[]"),
    raw("a string", '"text"'),
    raw("a number", "1e400"),
    raw("__proto__ key", '{"__proto__":{"isAdmin":true}}'),
    raw("constructor.prototype key", '{"constructor":{"prototype":{"isAdmin":true}}}'),
    raw("deeply nested arrays", `{"a":${deep(100_000)}}`),
    raw("deeply nested objects", deepObject(5_000)),
    raw("a body over the limit", JSON.stringify({ a: "x".repeat(300 * 1024) })),
    raw("empty body", ""),
    raw("text/plain", "{}", { ...auth, "content-type": "text/plain" }),
    raw("a form", "a=1", { ...auth, "content-type": "application/x-www-form-urlencoded" }),
    raw("an unknown charset", "{}", { ...auth, "content-type": "application/json; charset=utf-7" }),
    raw("NUL in the body", '{"a":"\u0000"}'),
    raw("a body not in UTF-8", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
  ];
  const base = (plausible(schema) ?? {}) as Record<string, unknown>;
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    for (const value of wrongFor(fieldSchema)) {
      const body = { ...base, [field]: value };
      cases.push(raw(`${field}=${JSON.stringify(value)?.slice(0, 40)}`, JSON.stringify(body)));
    }
    const type = Array.isArray(fieldSchema.type) ? fieldSchema.type : [fieldSchema.type];
    if (type.includes("integer") || type.includes("number")) {
      // A JSON number with an exponent is a number to JSON.parse, and not a plain decimal.
      const written = JSON.stringify({ ...base, [field]: 7 }).replace(`"${field}":7`, `"${field}":1e1`);
      cases.push(raw(`${field}=1e1 (a JSON number)`, written));
    }
  }
  // Required fields missing one at a time, and an unknown field beside valid ones.
  for (const field of schema.required ?? []) {
    const { [field]: _dropped, ...rest } = base;
    cases.push(raw(`without ${field}`, JSON.stringify(rest)));
  }
  cases.push(raw("an unknown field", JSON.stringify({ ...base, [`x${LONE}`]: 1 })));
  return cases;
}

function queryCases(method: string, path: string, params: Parameter[], auth: Record<string, string>): Case[] {
  const base = new URLSearchParams();
  for (const p of params.filter((p) => p.in === "query" && p.required))
    base.set(p.name, String(plausible(p.schema)));
  const cases: Case[] = [];
  const at = (label: string, query: string): Case => ({
    label,
    method,
    url: `${path}?${query}`,
    headers: auth,
    malformed: true,
  });
  for (const param of params.filter((p) => p.in === "query")) {
    const type = param.schema.type;
    const values =
      type === "integer" || type === "number"
        ? [
            // A fraction is malformed only where a whole number is asked for: 1.5 dollars is a price.
            ...(type === "integer" ? ["1.5"] : []),
            "1e308",
            "-1",
            "abc",
            "99999999999999999999999",
            "%00",
            "1%00",
            "1,2",
            // Numbers as loose text: only a plain decimal is a number.
            "0x10",
            "1e1",
            "%205%20",
            "",
          ]
        : [
            "%00",
            "a%00b",
            // Not UTF-8: a byte that begins nothing, and a sequence cut short.
            "%FF",
            "%C3%28",
            `${"x".repeat((param.schema.maxLength ?? 2000) + 1)}`,
            ...(param.schema.enum ? ["nope"] : []),
          ];
    for (const value of values) {
      const q = new URLSearchParams(base);
      q.delete(param.name);
      cases.push(at(`?${param.name}=${value.slice(0, 30)}`, `${q.toString()}&${param.name}=${value}`));
    }
    if (type === "string" && (param.schema.minLength ?? 0) > 0) {
      const q = new URLSearchParams(base);
      q.set(param.name, "");
      cases.push(at(`?${param.name}= (empty)`, q.toString()));
    }
    // The same parameter twice is an array where one value is expected.
    const twice = new URLSearchParams(base);
    twice.append(param.name, String(plausible(param.schema)));
    twice.append(param.name, String(plausible(param.schema)));
    cases.push(at(`?${param.name} twice`, twice.toString()));
  }
  for (const p of params.filter((p) => p.in === "query" && p.required)) {
    const q = new URLSearchParams(base);
    q.delete(p.name);
    cases.push(at(`without ${p.name}`, `${q.toString()}&__proto__=1&constructor%5Bprototype%5D=1`));
  }
  return cases;
}

function pathCases(method: string, path: string, auth: Record<string, string>): Case[] {
  const values = [
    "%00",
    "a%00b",
    "x".repeat(400),
    "%ED%A0%80",
    "..%2F..%2Fetc",
    "__proto__",
    "constructor",
    "%F0%9F",
    "1e308",
  ];
  return values.map((value) => ({
    label: `path ${value.slice(0, 30)}`,
    method,
    url: path.replace(/\{[^}]+\}/g, value),
    headers: auth,
    malformed: true,
  }));
}

function authCases(method: string, url: string, body: string | undefined): Case[] {
  const headers = [
    "Bearer ",
    `Bearer ${"x".repeat(5000)}`,
    "Bearer null",
    "Basic Zm9vOmJhcg==",
    "Bearer ÿÿÿ",
    `Bearer ${randomUUID()}`,
  ];
  return headers.map((authorization) => ({
    label: `authorization ${authorization.slice(0, 20)}`,
    method,
    url,
    headers: { authorization, ...(body ? { "content-type": "application/json" } : {}) },
    payload: body,
    malformed: true,
  }));
}

/** Junk a no-input endpoint may ignore: stray query parameters, odd headers. */
function ignoredCases(method: string, url: string): Case[] {
  return [
    `${url}?__proto__[x]=1`,
    `${url}?a=%00`,
    `${url}?${"b=1&".repeat(500)}`,
    `${url}?constructor[prototype][x]=1`,
  ].map((u) => ({
    label: `ignored ${u.slice(url.length, url.length + 25)}`,
    method,
    url: u,
    headers: { "accept-encoding": "x-unknown, *;q=0", "idempotency-key": "k".repeat(300) },
    malformed: false,
  }));
}

/** Audit logs that record every request they are sent, refused ones too, by design. */
const AUDIT_LOGS = new Set(["offer_postbacks"]);

/** Rows per table: nothing the fuzz sends may change any count (audit logs aside). */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.app.deps.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (AUDIT_LOGS.has(name)) continue;
    const [row] = await queryRows<{ n: number }>(
      t.app.deps.db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

const LEAK =
  /\bat [\w.<>]+ \(|\.ts:\d+|\bselect\b.*\bfrom\b|\binsert into\b|\bpostgres|drizzle|pglite|syntax error|stack/i;

describe("fuzzing every endpoint of the OpenAPI document", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await importSampleCity(t.app.deps.db);
    token = (await signUp(t)).token;
  });
  afterAll(() => t.close());

  it("answers every malformed request with a 4xx and a message, and writes nothing", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const cases: Case[] = [];
    let endpoints = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [lower, op] of Object.entries(operations)) {
        const method = lower.toUpperCase();
        if (!["GET", "POST", "PUT", "DELETE", "PATCH"].includes(method)) continue;
        endpoints += 1;
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
        const hasPath = params.some((p) => p.in === "path");
        const concretePath = path.replace(/\{[^}]+\}/g, "fuzz");
        const secured = (op.security?.length ?? 0) > 0;
        const before = cases.length;
        // Malformed input is sent signed in (so it gets past nothing but validation) and signed out.
        const signedIn: Record<string, string> = { authorization: `Bearer ${token}` };
        for (const auth of secured ? [signedIn, {}] : [{}]) {
          if (bodySchema) cases.push(...bodyCases(method, concretePath, bodySchema, auth));
          if (params.some((p) => p.in === "query"))
            cases.push(...queryCases(method, concretePath, params, auth));
          if (hasPath) cases.push(...pathCases(method, path, auth));
        }
        if (secured) {
          const query = new URLSearchParams();
          for (const p of params.filter((p) => p.in === "query" && p.required)) {
            query.set(p.name, String(plausible(p.schema)));
          }
          const url = `${concretePath}${query.size ? `?${query}` : ""}`;
          cases.push(
            ...authCases(method, url, bodySchema ? JSON.stringify(plausible(bodySchema)) : undefined),
          );
        }
        if (cases.length === before) cases.push(...ignoredCases(method, concretePath));
      }
    }

    const before = await rowCounts(t);
    const started = Date.now();
    const answers: { c: Case; res: LightMyRequestResponse }[] = [];
    // A few at a time, as clients would send them.
    for (let i = 0; i < cases.length; i += 8) {
      const batch = cases.slice(i, i + 8);
      const replies = await Promise.all(
        batch.map((c) =>
          t.app.inject({
            method: c.method as "GET",
            url: c.url,
            headers: c.headers,
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          }),
        ),
      );
      replies.forEach((res, j) => {
        const c = batch[j];
        if (c) answers.push({ c, res });
      });
    }
    const seconds = (Date.now() - started) / 1000;
    const after = await rowCounts(t);

    const tally = { requests: answers.length, endpoints, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, ignored: 0 };
    const problems: string[] = [];
    for (const { c, res } of answers) {
      const klass = `${Math.floor(res.statusCode / 100)}xx` as "2xx";
      tally[klass] += 1;
      const where = `${c.method} ${c.url.slice(0, 80)} [${c.label}] → ${res.statusCode}`;
      if (!c.malformed) {
        tally.ignored += 1;
        if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode < 400 || res.statusCode >= 500) {
        problems.push(`${where}: ${res.body.slice(0, 200)}`);
        continue;
      }
      let message: unknown;
      try {
        message = (res.json() as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== "string" || message.length === 0)
        problems.push(`${where}: no message: ${res.body.slice(0, 120)}`);
      else if (LEAK.test(message)) problems.push(`${where}: leaks: ${message.slice(0, 200)}`);
    }
    console.log(`fuzz: ${JSON.stringify(tally)} in ${seconds.toFixed(1)} s`);
    expect(problems.slice(0, 40)).toEqual([]);
    expect(after).toEqual(before);
    expect(tally.requests).toBeGreaterThan(2_000);
    expect(tally["5xx"]).toBe(0);
  }, 180_000);
});
