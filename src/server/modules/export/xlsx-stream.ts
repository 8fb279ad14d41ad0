import { PassThrough, type Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import { type CellValue, EXPORT_COLUMNS, type ExportFile, fileLink } from "@/domain/export/columns";
import { isoDay } from "@/domain/export/csv";
import { centsToReais } from "@/domain/money";
import { drained } from "./backpressure";
import type { ExportItem } from "./export.service";

/*
 * The XLSX (decision 013): exceljs's streaming WorkbookWriter writes each row into
 * the zipped sheet as it is committed, without shared strings, so nothing of
 * earlier rows stays in memory. Money is a number in reais with two decimals
 * and dates are date cells (Excel shows them as the reader's locale does), so
 * the accountant can sum and sort without converting text.
 */

/** A calendar day as a date cell: midnight UTC, which Excel reads as that day whatever the zone. */
function dayCell(value: string): Date | null {
  const day = isoDay(value);
  return day ? new Date(`${day}T00:00:00.000Z`) : null;
}

function cell(type: (typeof EXPORT_COLUMNS)[number]["type"], value: CellValue, publicUrl: string) {
  if (value === null) return null;
  switch (type) {
    case "money":
      return centsToReais(value as number);
    case "date":
      return dayCell(value as string);
    case "number":
      return value as number;
    case "links": {
      const files = value as readonly ExportFile[];
      if (!files.length) return null;
      const links = files.map((f) => fileLink(publicUrl, f));
      // One link is a hyperlink cell; several share a cell as text (a cell holds one hyperlink).
      return links.length === 1 ? { text: links[0]!, hyperlink: links[0]! } : links.join("\n");
    }
    default:
      return String(value);
  }
}

const NUMBER_FORMATS: Partial<Record<string, string>> = {
  money: "#,##0.00",
  date: "dd/mm/yyyy",
};

/**
 * Where exceljs hands the sheet's XML to the zip: its StreamBuf writes into
 * archiver's input without waiting (exceljs lib/utils/stream-buf.js ignores
 * what write() answers), so the XML of every row would pile up there whenever
 * compressing is slower than reading. Waiting on that input ourselves keeps
 * memory flat; if a later exceljs changes this, it is only a missed wait.
 */
function sheetInput(sheet: ExcelJS.Worksheet): Writable | undefined {
  const pipe = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return pipe && typeof (pipe as Writable).write === "function" ? (pipe as Writable) : undefined;
}

/** Writes the workbook into the returned stream as rows come; an error destroys the stream. */
export function xlsxStream(
  items: AsyncIterable<ExportItem>,
  publicUrl: string,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = "Balcão";
  const sheet = workbook.addWorksheet("Solicitações", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    ...(NUMBER_FORMATS[c.type] ? { style: { numFmt: NUMBER_FORMATS[c.type] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };

  async function write() {
    let count = 0;
    for await (const item of items) {
      sheet.addRow(EXPORT_COLUMNS.map((c) => cell(c.type, c.value(item.row), publicUrl))).commit();
      // Let the zip drain what the page wrote before reading on: the download's pace sets the reading's.
      if (++count % 200 === 0) {
        const input = sheetInput(sheet);
        if ((input && (await drained(input))) || (await drained(out))) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
