/*
 * What an e-mail address is, everywhere in Balcão (docs/decisions/028): one
 * mailbox `local@domain` and nothing else. The local part is a dot-atom (RFC
 * 5322) of at most 64 characters (RFC 5321); the domain is letter-digit-hyphen
 * labels in ASCII, an internationalised one in its xn-- form; 254 characters
 * in all. No display name, list, comment, quoted string, address literal,
 * space or control character: an address is kept, compared and mailed as
 * exactly one recipient. Plain functions, so the login page needs no zod.
 */

export const MAILBOX_MAX = 254;
const LOCAL_PART_MAX = 64;
const DOMAIN_MAX = 253;

/** RFC 5322 atext: letters, digits and !#$%&'*+-/=?^_`{|}~; dots only between atoms. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
/** A letter-digit-hyphen label: 1 to 63 characters, no hyphen at either end. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Space and tab around the address, as a paste or an autocomplete leaves them; nothing else is dropped. */
function withoutSurroundingBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return text.slice(start, end);
}

/**
 * The domain in lower case when `text` is letter-digit-hyphen labels (two at
 * least, the last not all digits, so no IP address), else null.
 */
export function parseDomainName(text: string): string | null {
  if (text.length > DOMAIN_MAX) return null;
  const domain = text.toLowerCase();
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return /^\d+$/.test(labels.at(-1)!) ? null : domain;
}

export function isDomainName(text: string): boolean {
  return parseDomainName(text) !== null;
}

/**
 * The one mailbox `text` is, in lower case (as Balcão keeps and compares
 * addresses), or null when it is anything else. Spaces and tabs around it are
 * dropped; any other character outside the grammar refuses it.
 */
export function parseMailbox(text: string): string | null {
  // A bound before any work: no input, however long, costs more than this.
  if (text.length > MAILBOX_MAX + 1000) return null;
  const address = withoutSurroundingBlanks(text);
  if (address.length > MAILBOX_MAX) return null;
  const at = address.indexOf("@");
  if (at < 1 || at > LOCAL_PART_MAX) return null;
  const local = address.slice(0, at);
  const domain = parseDomainName(address.slice(at + 1));
  if (domain === null || !DOT_ATOM.test(local)) return null;
  return `${local.toLowerCase()}@${domain}`;
}

export function isMailbox(text: string): boolean {
  return parseMailbox(text) !== null;
}

/** The domain of a mailbox `parseMailbox` gave. */
export function mailboxDomain(mailbox: string): string {
  return mailbox.slice(mailbox.indexOf("@") + 1);
}
