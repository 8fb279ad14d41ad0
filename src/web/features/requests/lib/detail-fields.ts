import { formatDateBR } from "@/domain/dates";
import { formatBRL } from "@/domain/money";
import { isRequestKind, REQUEST_KIND_REGISTRY } from "@/domain/requests/kinds";
import type { DetailField } from "@/domain/requests/kinds/definition";
import { optionLabel } from "@/domain/requests/options";

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
    else if (field.as === "url")
      rows.push({ ...base, text, href: /^https?:\/\//i.test(text) ? text : undefined });
    else if (field.options) rows.push({ ...base, text: optionLabel(field.options, text) });
    else rows.push({ ...base, text, long: field.as === "long" });
  }
  return rows;
}
