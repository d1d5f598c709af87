/** The constraint a PostgreSQL unique violation (23505) names, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: unknown; constraint?: unknown };
    if (pgError.code === "23505") return typeof pgError.constraint === "string" ? pgError.constraint : "";
  }
  return null;
}
