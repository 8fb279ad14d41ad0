import { domainToASCII } from "node:url";
import { z } from "zod";
import { isDomainName, isMailbox, parseDomainName, parseMailbox } from "@/domain/auth/mailbox";
import type { Sender } from "./mail/mailer";

/*
 * The settings that hold e-mail addresses and domains, parsed by the app's one
 * mailbox rule (docs/decisions/028); config.ts turns an issue into its one-line
 * start error naming the variable.
 */

/** The comma-separated entries as written (for messages); the parsers lower-case them. */
const entriesOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** Each entry one mailbox by the app's one rule (docs/decisions/028), named in the message when it is not. */
export const emailList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const entries = entriesOf(value);
    const wrong = entries.find((entry) => !isMailbox(entry));
    if (wrong === undefined) return entries.map((entry) => parseMailbox(entry)!);
    ctx.addIssue({
      code: "custom",
      message: `must be a comma-separated list of e-mail addresses such as ana@agencia.digital; ${JSON.stringify(wrong)} is not one`,
    });
    return z.NEVER;
  });

/** Letter-digit-hyphen labels; an internationalised domain is written in its xn-- form, which the message gives. */
export const domainList = z.string().transform((value, ctx) => {
  const entries = entriesOf(value);
  const wrong = entries.find((entry) => !isDomainName(entry));
  if (wrong === undefined && entries.length > 0) return entries.map((entry) => parseDomainName(entry)!);
  if (wrong === undefined) {
    ctx.addIssue({ code: "custom", message: "must name at least one domain" });
    return z.NEVER;
  }
  const ascii = domainToASCII(wrong);
  const hint = ascii && ascii !== wrong && isDomainName(ascii) ? ` (write it as ${ascii})` : "";
  ctx.addIssue({
    code: "custom",
    message: `must be domains such as agencia.com.br; ${JSON.stringify(wrong)} is not one${hint}`,
  });
  return z.NEVER;
});

/**
 * MAIL_FROM: one mailbox, alone or after a name (`Balcão <nao-responda@agencia.digital>`).
 * The address is the envelope's sender; the name only the From header's words.
 */
export const sender = z.string().transform((value, ctx): Sender => {
  const named = /^\s*(?:"([^"\p{Cc}]*)"|([^"<>\p{Cc}]*?))\s*<([^<>]*)>\s*$/u.exec(value);
  const address = parseMailbox(named ? named[3]! : value);
  const name = named ? (named[1] ?? named[2] ?? "").trim() || null : null;
  if (address) return { name, address };
  ctx.addIssue({
    code: "custom",
    message: "must be one address, alone or after a name: Balcão <nao-responda@agencia.digital>",
  });
  return z.NEVER;
});
