import { Readable } from "node:stream";
import { CSV_HEADER_LINE, csvRow } from "@/domain/export/columns";
import { CSV_BOM } from "@/domain/export/csv";
import type { ExportItem } from "./export.service";

/** The CSV's text, a line at a time: the reader pulls, so a slow download slows the reading of rows. */
export async function* csvLines(items: AsyncIterable<ExportItem>, publicUrl: string): AsyncGenerator<string> {
  yield CSV_BOM + CSV_HEADER_LINE;
  // Lines are joined per batch: one chunk per row would cost a write (and a syscall) per row.
  let batch = "";
  for await (const item of items) {
    batch += csvRow(item.row, publicUrl);
    if (batch.length >= 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

export function csvStream(items: AsyncIterable<ExportItem>, publicUrl: string): Readable {
  return Readable.from(csvLines(items, publicUrl), { objectMode: false });
}
