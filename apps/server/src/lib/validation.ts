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

/**
 * Where in a parsed request (body, query or params) a string holds the NUL character, as a field path ("" for the
 * value itself), or null when none does. PostgreSQL cannot store NUL in text, so such input is refused up front.
 */
export function nulField(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulField(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return path || "request";
      const found = nulField(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
