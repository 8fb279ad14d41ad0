import { formatDateBR } from "../dates";
import { formatBRL } from "../money";
import { formatAccessKey } from "../receipts";
import { isRequestKind, REQUEST_KIND_REGISTRY } from "./kinds";
import type { DetailField } from "./kinds/definition";
import { optionLabel } from "./options";

export type DetailRow = {
  key: string;
  label: string;
  text: string;
  /** An http(s) address to link to. */
  href?: string;
  long?: boolean;
  wide?: boolean;
  muted?: boolean;
};

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value.trim() : String(value);
}

/**
 * The rows of a request's page, from its kind's `detail` list in the registry
 * (the form's order), with option labels, money and dates formatted.
 */
export function detailRows(kind: string, dados: Record<string, unknown>): DetailRow[] {
  if (!isRequestKind(kind)) return [];
  const fields = REQUEST_KIND_REGISTRY[kind].detail as readonly DetailField<Record<string, unknown>>[];
  const rows: DetailRow[] = [];
  for (const field of fields) {
    const raw = dados[field.key];
    const text = asText(raw);
    const base = { key: field.key, label: field.label, wide: field.wide };
    if (text === "") {
      if (field.empty) rows.push({ ...base, text: field.empty, muted: true });
      continue;
    }
    if (field.as === "money" && typeof raw === "number") rows.push({ ...base, text: formatBRL(raw) });
    else if (field.as === "date") rows.push({ ...base, text: formatDateBR(text) });
    else if (field.as === "url") {
      const href = /^https?:\/\//i.test(text) ? text : undefined;
      rows.push({ ...base, text: href && field.linkText ? field.linkText : text, href });
    } else if (field.as === "accessKey") rows.push({ ...base, text: formatAccessKey(text) });
    else if (field.options) rows.push({ ...base, text: optionLabel(field.options, text) });
    else rows.push({ ...base, text, long: field.as === "long" });
  }
  return rows;
}

/** One stored value as the request's page shows it ('' when empty). */
export function detailText(kind: string, key: string, value: unknown): string {
  if (!isRequestKind(kind)) return asText(value);
  const field = (REQUEST_KIND_REGISTRY[kind].detail as readonly DetailField<Record<string, unknown>>[]).find(
    (f) => f.key === key,
  );
  const row = field ? detailRows(kind, { [key]: value }).find((r) => r.key === key) : undefined;
  return row && !row.muted ? row.text : asText(value);
}

/** The label of a stored field on the request's page ('Anexos' for the files), or the field's own name. */
export function detailLabel(kind: string, key: string): string {
  if (key === "anexos") return "Anexos";
  if (!isRequestKind(kind)) return key;
  const field = (REQUEST_KIND_REGISTRY[kind].detail as readonly DetailField<Record<string, unknown>>[]).find(
    (f) => f.key === key,
  );
  return field?.label ?? key;
}
