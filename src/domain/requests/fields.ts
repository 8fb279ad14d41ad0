import { z } from "zod";
import { isMailbox, parseMailbox } from "../auth/mailbox";
import { personNameMessages, personNameProblem } from "../auth/person-name";
import { parseBrlToCents } from "../money";
import { parsePixKey } from "../pix-key";
import { fieldMessages } from "./messages";

/*
 * Field builders shared by the request schemas. Each field answers with its one
 * spec message whether the value is missing, empty or wrong, so the form and
 * the API show the same words (spec §5).
 */

/** Ours: the spec sets no upper bounds; these keep the server from storing unbounded text. */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;
export const URL_MAX = 2048;
/** The largest quantity a 32-bit integer column holds. */
export const QUANTITY_MAX = 2_147_483_647;

/** Trimmed text of at least `min` characters; missing or shorter gives `message`. */
export function textField(min: number, message: string, max: number = SHORT_TEXT_MAX) {
  return z.string({ error: message }).trim().min(min, message).max(max, fieldMessages.tooLong(max));
}

/**
 * A person's name by the one rule of auth/person-name.ts (the rule sign-up and
 * 'Minha conta' use). Missing or empty gives `required`; otherwise the rule's
 * own message ('Nome deve ter pelo menos 3 caracteres', …). Output trimmed.
 */
export function personNameField(required: string = personNameMessages.tooShort) {
  return z
    .string({ error: required })
    .trim()
    .superRefine((name, ctx) => {
      const problem = name === "" ? "required" : personNameProblem(name);
      if (!problem) return;
      ctx.addIssue({
        code: "custom",
        message: problem === "required" ? required : personNameMessages[problem],
        input: name,
      });
    });
}

/**
 * One e-mail address by the one mailbox rule (auth/mailbox.ts, docs/decisions/028),
 * kept in lower case; missing or anything but one mailbox gives `message`.
 */
export function mailboxField(message: string) {
  return z
    .string({ error: message })
    .overwrite((text) => parseMailbox(text) ?? text)
    .refine(isMailbox, { error: message });
}

/**
 * One of `values`; missing, '' and unknown values all give `message`. The input
 * is any string, so a form can start the field empty.
 */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.string({ error: message }).pipe(z.enum(values, { error: message }));
}

/** Like choiceField, but missing or '' takes `fallback`. */
export function choiceFieldWithDefault<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  message: string,
) {
  return z
    .string({ error: message })
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value))
    .pipe(z.enum(values, { error: message }));
}

const HttpUrlSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** An absolute http(s) address with a domain name ('https://exemplo.com.br/x'). */
export function isHttpUrl(text: string): boolean {
  return text.length <= URL_MAX && HttpUrlSchema.safeParse(text).success;
}

export function urlField(message: string) {
  return z.string({ error: message }).trim().refine(isHttpUrl, message);
}

/** An http(s) address or nothing: '', null and a missing field become null. */
export function optionalUrlField(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((value, ctx): string | null => {
      const text = value?.trim() ?? "";
      if (text === "") return null;
      if (isHttpUrl(text)) return text;
      ctx.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    });
}

/**
 * An amount typed or masked in pt-BR ('R$ 1.234,56'), output in integer cents.
 * Empty text and zero give `required`; text that is no amount gives `invalid`.
 */
export function amountField(invalid: string, required: string = invalid) {
  return z.string({ error: required }).transform((text, ctx) => {
    const cents = parseBrlToCents(text);
    if (text.trim() === "" || cents === 0) {
      ctx.issues.push({ code: "custom", message: required, input: text });
      return z.NEVER;
    }
    if (cents === null) {
      ctx.issues.push({ code: "custom", message: invalid, input: text });
      return z.NEVER;
    }
    return cents;
  });
}

/** A PIX key, output normalised as DICT stores it ('529.982.247-25' → '52998224725'). */
export function pixKeyField(required: string) {
  return z.string({ error: required }).transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.issues.push({ code: "custom", message: required, input: text });
      return z.NEVER;
    }
    const key = parsePixKey(text);
    if (key) return key.value;
    ctx.issues.push({ code: "custom", message: fieldMessages.chavePixInvalid, input: text });
    return z.NEVER;
  });
}

/** An optional PIX key: '', null and a missing field become undefined; anything else must be a key. */
export function optionalPixKeyField() {
  return z
    .string({ error: fieldMessages.chavePixInvalid })
    .nullish()
    .transform((text, ctx): string | undefined => {
      if (!text?.trim()) return undefined;
      const key = parsePixKey(text);
      if (key) return key.value;
      ctx.issues.push({ code: "custom", message: fieldMessages.chavePixInvalid, input: text });
      return z.NEVER;
    });
}
