/**
 * The shared auth rules (src/domain/auth/auth.schema.ts) also define the zod
 * schemas the server uses, so importing them brings zod (~30 KB gzip) along.
 * /login loads them on the first interaction with the form instead of with the
 * page, which keeps the page under its JavaScript budget (150 KB gzip).
 */
let rules: Promise<typeof import("@/domain/auth/auth.schema")> | undefined;

export function loadAuthRules() {
  rules ??= import("@/domain/auth/auth.schema");
  return rules;
}
