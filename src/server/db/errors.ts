/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), `constraint` when named.
 * Drizzle wraps the driver's error, and PGlite and node-postgres wrap it differently, so the
 * whole cause chain is looked at; PGlite may not name the constraint, which then matches.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: broken } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || broken === undefined || broken === constraint))
      return true;
  }
  return false;
}
