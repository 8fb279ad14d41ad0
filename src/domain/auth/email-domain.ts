import { mailboxDomain, parseMailbox } from "./mailbox";

/** Lower-cased domain of the one mailbox `email` is, or null when it is not one (docs/decisions/028). */
export function emailDomain(email: string): string | null {
  const mailbox = parseMailbox(email);
  return mailbox === null ? null : mailboxDomain(mailbox);
}

/**
 * One mailbox in one of the company domains (spec §5, rule 2). Exact match only:
 * a subdomain such as x.agencia.digital is another organisation's address.
 */
export function isAllowedEmailDomain(email: string, allowedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domain !== null && allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}
