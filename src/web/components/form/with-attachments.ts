import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import { type AttachmentRules, attachmentsError, rulesForValues } from "@/domain/requests/attachments";

/**
 * A form with files: `anexo` holds the new files; `manterAnexos`, when the
 * request is edited, the ids of the stored files that stay.
 */
export type WithAttachments<V> = V & { anexo: File[]; manterAnexos?: string[] };

/** The rules for the new files once `kept` stored files count towards the minimum and the maximum. */
export function rulesBesideKept(rules: AttachmentRules, kept: number): AttachmentRules {
  if (kept === 0) return rules;
  return {
    ...rules,
    min: Math.max(0, rules.min - kept),
    max: rules.max === undefined ? undefined : Math.max(0, rules.max - kept),
  };
}

/**
 * The zod schemas leave files out (multipart files reach the server as a
 * stream), so the form checks them here with the same rules the server uses:
 * the schema's errors and the files' error show together, on submit and then
 * on every change. The values come out as they were typed (`raw`), since the
 * multipart body carries the texts as shown (valor as 'R$ 1.234,56').
 */
export function withAttachments<V extends FieldValues>(
  base: Resolver<V, unknown, V>,
  rules: AttachmentRules,
): Resolver<WithAttachments<V>, unknown, WithAttachments<V>> {
  return async (values, context, options) => {
    const { anexo, manterAnexos, ...rest } = values;
    const result = await base(rest as unknown as V, context, options as unknown as ResolverOptions<V>);
    const errors = { ...result.errors } as FieldErrors<WithAttachments<V>>;
    const applying = rulesForValues(rules, rest);
    const fileError = attachmentsError(anexo ?? [], rulesBesideKept(applying, manterAnexos?.length ?? 0));
    if (fileError) (errors as Record<string, unknown>).anexo = { type: "validate", message: fileError };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values, errors: {} };
  };
}
