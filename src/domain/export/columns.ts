import { REQUEST_KIND_REGISTRY, type RequestKind } from "../requests/kinds";
import { kindMeta } from "../requests/kinds/meta";
import { COST_CENTRE_OPTIONS, type Option, optionLabel } from "../requests/options";
import { requestStateLabel } from "../requests/workflow";
import { csvDate, csvLine, csvMoney, neutralizeFormula } from "./csv";

/*
 * What the accountant gets for each request (decision 013), one list of
 * columns for the CSV, the XLSX and the CSV inside the ZIP, so the three
 * always agree.
 */

/** A stored file of the request, as the export names it. */
export type ExportFile = { id: string; nome: string };

/** One request as the export reads it; money in cents, dates as ISO text. */
export type ExportRow = {
  /** Its position in the export, 1 first: the ZIP's file names start with it. */
  numero: number;
  tipo: RequestKind;
  id: string;
  solicitante: { nome: string; email: string };
  resumo: string;
  /** Stored values ('transporte', 'marketing'): the export shows their labels. */
  dataDespesa: string | null;
  tipoDespesa: string | null;
  centroCusto: string | null;
  valor: number | null;
  valorAprovado: number | null;
  status: string;
  criadaEm: string;
  decididaEm: string | null;
  aprovador: string | null;
  /** The payment date given when it was marked paid, else the day it was marked. */
  pagaEm: string | null;
  pagador: string | null;
  formaPagamento: string | null;
  chavePix: string | null;
  /** The request's own files (receipts), then those that came with a move (the payment proof). */
  anexos: ExportFile[];
  comprovantesPagamento: ExportFile[];
};

export type CellType = "text" | "money" | "date" | "number" | "links";

/** A cell's value before formatting: text, cents, a date or instant, a count, or file links. */
export type CellValue = string | number | null | readonly ExportFile[];

export type ExportColumn = {
  header: string;
  type: CellType;
  /** Spreadsheet column width, in characters. */
  width: number;
  value: (row: ExportRow) => CellValue;
};

/** The link that downloads a file with the session (the attachments route). */
export function fileLink(publicUrl: string, file: ExportFile): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/anexos/${file.id}`;
}

const label = (options: readonly Option[] | undefined, value: string | null) =>
  value === null ? null : options ? optionLabel(options, value) : value;

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: "Nº", type: "number", width: 6, value: (r) => r.numero },
  { header: "Solicitante", type: "text", width: 24, value: (r) => r.solicitante.nome },
  { header: "Email", type: "text", width: 28, value: (r) => r.solicitante.email },
  { header: "Tipo", type: "text", width: 20, value: (r) => REQUEST_KIND_REGISTRY[r.tipo].label },
  { header: "Resumo", type: "text", width: 36, value: (r) => r.resumo },
  { header: "Data da despesa", type: "date", width: 12, value: (r) => r.dataDespesa },
  {
    header: "Tipo de despesa",
    type: "text",
    width: 18,
    value: (r) => label(kindMeta(r.tipo).payment?.expenseTypeOptions, r.tipoDespesa),
  },
  {
    header: "Centro de custo",
    type: "text",
    width: 14,
    value: (r) => label(COST_CENTRE_OPTIONS, r.centroCusto),
  },
  { header: "Valor solicitado", type: "money", width: 14, value: (r) => r.valor },
  { header: "Valor aprovado", type: "money", width: 14, value: (r) => r.valorAprovado },
  { header: "Situação", type: "text", width: 16, value: (r) => requestStateLabel(r.status) },
  { header: "Criada em", type: "date", width: 12, value: (r) => r.criadaEm },
  { header: "Decidida em", type: "date", width: 12, value: (r) => r.decididaEm },
  { header: "Aprovador", type: "text", width: 22, value: (r) => r.aprovador },
  { header: "Paga em", type: "date", width: 12, value: (r) => r.pagaEm },
  { header: "Pago por", type: "text", width: 22, value: (r) => r.pagador },
  {
    header: "Forma de pagamento",
    type: "text",
    width: 14,
    value: (r) => paymentMethodLabel(r.formaPagamento),
  },
  { header: "Chave PIX", type: "text", width: 28, value: (r) => r.chavePix },
  { header: "Comprovantes", type: "links", width: 50, value: (r) => r.anexos },
  { header: "Comprovante de pagamento", type: "links", width: 50, value: (r) => r.comprovantesPagamento },
  { header: "ID", type: "text", width: 38, value: (r) => r.id },
];

export const EXPORT_HEADERS = EXPORT_COLUMNS.map((c) => c.header);

/** 'pix' → 'PIX'; other methods as they were stored, capitalised. */
export function paymentMethodLabel(method: string | null): string | null {
  if (!method) return null;
  if (method.toLowerCase() === "pix") return "PIX";
  return method.charAt(0).toUpperCase() + method.slice(1);
}

/** One cell as CSV text: money '1.234,56', dates dd/mm/aaaa, links one per line, typed text defused. */
export function csvCell(column: ExportColumn, row: ExportRow, publicUrl: string): string {
  const value = column.value(row);
  if (value === null) return "";
  switch (column.type) {
    case "money":
      return csvMoney(value as number);
    case "date":
      return csvDate(value as string);
    case "number":
      return String(value);
    case "links":
      return (value as readonly ExportFile[]).map((f) => fileLink(publicUrl, f)).join("\n");
    default:
      return neutralizeFormula(String(value));
  }
}

/** The CSV's line for one request. */
export function csvRow(row: ExportRow, publicUrl: string): string {
  return csvLine(EXPORT_COLUMNS.map((column) => csvCell(column, row, publicUrl)));
}

export const CSV_HEADER_LINE = csvLine(EXPORT_HEADERS);
