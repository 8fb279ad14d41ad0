/** Lower-cased domain of an e-mail address, or null when there is no at-sign (spec §5, rule 2). */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** Exact match only: a subdomain such as x.agencia.digital is another organisation's address. */
export function isAllowedEmailDomain(email: string, allowedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
