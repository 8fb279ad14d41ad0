/*
 * Attachment rules checked in the browser before upload and again by the
 * server while it streams the files (which also checks the content signature,
 * facts.md "Uploads"). Files are not part of the zod schemas: multipart bodies
 * reach the server as a stream, not as an object.
 */

import { FILE_KINDS, type FileKind } from "../file-kinds";

export type AttachmentRules = {
  /** The kinds of file taken, judged by content on the server (src/domain/file-kinds.ts). */
  readonly fileKinds: readonly FileKind[];
  readonly min: number;
  readonly max?: number;
  readonly maxBytes: number;
  /** Declared MIME types and extensions the browser checks before upload: those of `fileKinds`. */
  readonly types: readonly string[];
  readonly extensions: readonly string[];
  /**
   * A file becomes required when a field of the form holds one of these values
   * (a medical leave needs its certificate), with `messages.required`.
   */
  readonly requiredWhen?: { readonly field: string; readonly values: readonly string[] };
  readonly messages: {
    readonly required?: string;
    readonly tooMany?: string;
    readonly tooLarge: string;
    readonly type: string;
  };
};

/** What both a browser File and a multipart part can tell before the bytes are read. */
export type AttachmentFile = { name: string; size: number; type: string };

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * The first rule one file breaks (size, then format, as spec §5 lists them), or null. The extension must be listed, and the
 * declared MIME type too when the browser declared one (some systems send none
 * for known formats).
 */
export function attachmentFileError(file: AttachmentFile, rules: AttachmentRules): string | null {
  if (file.size > rules.maxBytes) return rules.messages.tooLarge;
  const type = file.type.toLowerCase();
  const typeKnown = type !== "" && type !== "application/octet-stream";
  if (!rules.extensions.includes(fileExtension(file.name)) || (typeKnown && !rules.types.includes(type))) {
    return rules.messages.type;
  }
  return null;
}

/** The first rule a set of files breaks (count first, then each file in order), or null. */
export function attachmentsError(files: readonly AttachmentFile[], rules: AttachmentRules): string | null {
  if (files.length < rules.min) return rules.messages.required ?? rules.messages.type;
  if (rules.max !== undefined && files.length > rules.max)
    return rules.messages.tooMany ?? rules.messages.type;
  for (const file of files) {
    const error = attachmentFileError(file, rules);
    if (error) return error;
  }
  return null;
}

/** The rules as they apply to these values of the form: `requiredWhen` met makes one file the minimum. */
export function rulesForValues(
  rules: AttachmentRules,
  values: Readonly<Record<string, unknown>>,
): AttachmentRules {
  const when = rules.requiredWhen;
  if (!when || rules.min >= 1) return rules;
  const value = values[when.field];
  return typeof value === "string" && when.values.includes(value) ? { ...rules, min: 1 } : rules;
}

/** The `accept` attribute of the file input: extensions and MIME types. */
export function acceptAttribute(rules: AttachmentRules): string {
  return [...rules.extensions, ...rules.types].join(",");
}

/** Rules for `fileKinds`, with the MIME types and extensions those kinds have. */
export function attachmentRules(rules: Omit<AttachmentRules, "types" | "extensions">): AttachmentRules {
  return {
    ...rules,
    types: rules.fileKinds.map((kind) => FILE_KINDS[kind].contentType),
    extensions: rules.fileKinds.flatMap((kind) => FILE_KINDS[kind].extensions.map((ext) => `.${ext}`)),
  };
}
