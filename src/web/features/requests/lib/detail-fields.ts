import { formatDateBR } from "@/domain/dates";
import { formatBRL } from "@/domain/money";
import type { RequestKind } from "@/domain/requests/messages";
import {
  COST_CENTRE_OPTIONS,
  type Option,
  optionLabel,
  PRIORITY_OPTIONS,
  REIMBURSEMENT_TYPE_OPTIONS,
  SCHOLARSHIP_TYPE_OPTIONS,
  SEO_ANALYSIS_TYPE_OPTIONS,
  SUPPORT_DEPARTMENT_OPTIONS,
  URGENCY_OPTIONS,
} from "@/domain/requests/options";

/** How one stored field is shown on the detail page. */
type FieldSpec = {
  key: string;
  label: string;
  /** money: cents → 'R$ 1.234,56'; date: 'yyyy-mm-dd' → dd/MM/yyyy; options: the option's label. */
  as?: "money" | "date" | "url" | "text" | "long";
  options?: readonly Option[];
  /** Shown when the value is empty; without it an empty field is left out. */
  empty?: string;
  /** Takes the whole row. */
  wide?: boolean;
};

const FIELDS: Record<RequestKind, readonly FieldSpec[]> = {
  reembolso: [
    { key: "nome", label: "Nome do colaborador" },
    { key: "data", label: "Data da despesa", as: "date" },
    { key: "categoria", label: "Tipo de despesa", options: REIMBURSEMENT_TYPE_OPTIONS },
    { key: "valor", label: "Valor", as: "money" },
    { key: "centroCusto", label: "Centro de custo", options: COST_CENTRE_OPTIONS },
    { key: "chavePix", label: "Chave PIX", empty: "Não informada" },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  bolsa: [
    { key: "titulo", label: "Título", wide: true },
    { key: "tipo", label: "Tipo", options: SCHOLARSHIP_TYPE_OPTIONS },
    { key: "valor", label: "Valor", as: "money" },
    { key: "linkPlataforma", label: "Link da plataforma", as: "url", wide: true },
    { key: "chavePix", label: "Chave PIX" },
    { key: "criadoPor", label: "Criado por" },
    { key: "valorAgregado", label: "Como pode agregar valor", as: "long", wide: true },
  ],
  material: [
    { key: "nome", label: "Nome" },
    { key: "quantidade", label: "Quantidade" },
    { key: "descricao", label: "Material", as: "long", wide: true },
    { key: "motivo", label: "Motivo", as: "long", wide: true },
    { key: "linkReferencia", label: "Link de referência", as: "url", empty: "Não informado", wide: true },
    { key: "urgencia", label: "Urgência", options: URGENCY_OPTIONS },
  ],
  suporte: [
    { key: "nome", label: "Nome" },
    { key: "email", label: "Email" },
    { key: "departamento", label: "Departamento", options: SUPPORT_DEPARTMENT_OPTIONS },
    { key: "prioridade", label: "Prioridade", options: PRIORITY_OPTIONS },
    { key: "assunto", label: "Assunto", wide: true },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  seo: [
    { key: "url", label: "URL da página", as: "url", wide: true },
    { key: "tipoAnalise", label: "Tipo de análise", options: SEO_ANALYSIS_TYPE_OPTIONS },
    { key: "nome", label: "Solicitante" },
    { key: "email", label: "Email" },
    { key: "resposta", label: "Resposta da análise", as: "long", wide: true },
  ],
};

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

/** The rows of a request's detail, in the form's order, with option labels, money and dates formatted. */
export function detailRows(kind: RequestKind, dados: Record<string, unknown>): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const field of FIELDS[kind]) {
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
