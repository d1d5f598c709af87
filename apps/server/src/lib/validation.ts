import type { FastifySchemaValidationError } from "fastify/types/schema";
import { z } from "zod";

/** Messages a person can act on, instead of the library's defaults. */
z.config({
  customError(issue) {
    if (issue.input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
      return "is required";
    }
    if (issue.code === "invalid_type") {
      if (issue.input === null) return "must not be null";
      return `must be ${issue.expected === "object" ? "an object" : `a ${issue.expected}`}`;
    }
    if (issue.code === "unrecognized_keys") {
      return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    }
    if (issue.code === "invalid_value" && issue.values.length > 0) {
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    }
    return undefined;
  },
});

/** "email: must be a valid email address; password: is required" — names every field at fault. */
export function describeValidation(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const parts = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    return `${field || (context === "body" ? "request body" : (context ?? "request"))}: ${issue.message ?? "is invalid"}`;
  });
  return [...new Set(parts)].join("; ");
}

/** How deep a request's JSON may nest (ours nest three levels at most). */
const MAX_DEPTH = 32;

/** A UTF-16 surrogate without its other half: not a character, and not text PostgreSQL can store. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string's characters, or null: NUL and lone surrogates cannot be stored as text. */
function badText(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain the NUL character";
  if (LONE_SURROGATE.test(text)) return "must not contain an unpaired surrogate (invalid Unicode)";
  return null;
}

/**
 * Where in a parsed request (body, query or params) a string (or a key) holds a character PostgreSQL cannot store
 * in text — NUL, or half of a surrogate pair — as a field path ("" for the value itself) and the problem, or null
 * when none does. Such input is refused up front with a 400, before any service sees it.
 */
export function badTextField(
  value: unknown,
  path = "",
  depth = 0,
): { field: string; problem: string } | null {
  // No request of ours nests deeply; a deeper one is refused before anything walks it.
  if (depth > MAX_DEPTH) {
    return {
      field: path.split(".")[0] ?? path,
      problem: `must not be nested more than ${MAX_DEPTH} levels deep`,
    };
  }
  if (typeof value === "string") {
    const problem = badText(value);
    return problem ? { field: path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = badTextField(item, path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = badText(key);
      if (keyProblem) return { field: path || "request", problem: keyProblem };
      const found = badTextField(item, path ? `${path}.${key}` : key, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * The first number in a JSON text written with an exponent ("1e1", "2E-3"), with the key it is the value of (or
 * an item of), or null when every number is a plain decimal. Strings are skipped whole, escapes and all.
 */
export function exponentNumber(json: string): { field: string; number: string } | null {
  let lastString = "";
  let key = "";
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      for (i = start; i < json.length && json.charCodeAt(i) !== 0x22; i++) {
        if (json.charCodeAt(i) === 0x5c /* \ */) i++;
      }
      lastString = json.slice(start, i);
    } else if (c === 0x3a /* : */) {
      key = lastString;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i + 1 < json.length && /[-+.\deE]/.test(json.charAt(i + 1))) i++;
      const number = json.slice(start, i + 1);
      if (/[eE]/.test(number)) return { field: key, number };
    }
  }
  return null;
}

/**
 * The first parameter of a query string (the text after "?") whose name or value is not percent-encoded UTF-8
 * ("%FF", "%C3%28", a lone "%"), or null. The query parser would keep such text as it is, not refuse it.
 */
export function badQueryEncoding(query: string): string | null {
  for (const pair of query.split("&")) {
    const [name = "", value = ""] = pair.split("=", 2);
    for (const part of [name, value]) {
      try {
        decodeURIComponent(part.replaceAll("+", " "));
      } catch {
        try {
          return decodeURIComponent(name.replaceAll("+", " ")) || "query";
        } catch {
          return "query";
        }
      }
    }
  }
  return null;
}
