import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import { CSV_HEADER_LINE, csvRow } from "@/domain/export/columns";
import { CSV_BOM } from "@/domain/export/csv";
import type { Storage } from "../../storage/storage";
import { drained, sourcesOf } from "./backpressure";
import type { ExportItem } from "./export.service";

/*
 * The receipts of the exported requests in one ZIP (decision 013), each named
 * after its row in the CSV that goes with them: '0007-reembolso-0b6f1c9e-
 * recibo.pdf' is a file of row 7. yazl streams: an entry's bytes are read from
 * storage only when the archive reaches it, one file open at a time. The rows
 * are read once; their CSV is written to a temporary file as they go, and
 * added last, so the numbers in the names and in the CSV are the same rows.
 * A download the browser drops closes the file being read (on S3 a socket of
 * the SDK's pool, which a paused body would hold for good) and stops the rows.
 */

export const ZIP_CSV_NAME = "solicitacoes.csv";

/** '0007-reembolso-0b6f1c9e-recibo.pdf'; a payment proof says so after the request's id. */
export function zipEntryName(item: ExportItem, file: ExportItem["files"][number]): string {
  const { numero, tipo, id } = item.row;
  const proof = file.doEvento ? "pagamento-" : "";
  // Path separators never reach here (displayFileName cleans them); a leading dot would hide the file.
  const name = file.nomeExibido.replace(/[/\\]/g, "_").replace(/^\.+/, "");
  return `${String(numero).padStart(4, "0")}-${tipo}-${id.slice(0, 8)}-${proof}${name}`;
}

/** A name already used in this archive gets ' (2)', ' (3)' before its extension. */
function uniqueName(used: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) {
    const dot = name.lastIndexOf(".");
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate);
  return candidate;
}

async function write(stream: Writable, text: string) {
  if (!stream.write(text)) await drained(stream);
}

export function zipStream(
  items: AsyncIterable<ExportItem>,
  deps: {
    storage: Storage;
    publicUrl: string;
    onError: (err: unknown) => void;
    onMissing: (key: string) => void;
  },
): Readable {
  const out = new PassThrough();
  const zip = new ZipFile();
  zip.outputStream.pipe(out);
  const used = new Set<string>();
  const sources = sourcesOf(out, deps.onError);

  function addStored(name: string, key: string) {
    // Receipts are JPEG, PNG and PDF, compressed already: stored as they are.
    zip.addReadStreamLazy(name, { compress: false }, (cb) => {
      deps.storage.get(key).then(
        (object) => {
          const body = sources.add(object.body);
          if (body) cb(null, body);
        },
        (err) => {
          // A file gone from storage must not break the other thousand: the entry says so instead.
          deps.onMissing(key);
          if (!(err instanceof Error) || err.name !== "StorageNotFoundError") deps.onError(err);
          cb(null, Readable.from([Buffer.from("Arquivo não encontrado no armazenamento.\n")]));
        },
      );
    });
  }

  async function build() {
    const dir = await mkdtemp(join(tmpdir(), "balcao-export-"));
    const csvPath = join(dir, ZIP_CSV_NAME);
    const csv = createWriteStream(csvPath);
    try {
      await write(csv, CSV_BOM + CSV_HEADER_LINE);
      let pending = 0;
      for await (const item of items) {
        if (sources.dropped) return;
        await write(csv, csvRow(item.row, deps.publicUrl));
        for (const file of item.files) {
          pending++;
          addStored(uniqueName(used, zipEntryName(item, file)), file.storageKey);
        }
        // Wait for the archive to catch up now and then: entries queue as metadata, not bytes.
        if (pending >= 50) {
          pending = 0;
          if (await drained(out)) return;
        }
      }
      csv.end();
      await finished(csv);
      zip.addReadStreamLazy(ZIP_CSV_NAME, (cb) => {
        const body = sources.add(createReadStream(csvPath));
        if (body) cb(null, body);
      });
      zip.end();
      await finished(out);
    } finally {
      csv.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }
  build().catch((err) => {
    if (sources.dropped) return;
    deps.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
