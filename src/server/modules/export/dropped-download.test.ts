import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { createLocalStorage } from "../../storage/local-storage";
import { generatedStream, MiB } from "../../storage/test-kit";
import type { ExportItem } from "./export.service";
import { xlsxStream } from "./xlsx-stream";
import { zipStream } from "./zip-stream";

/*
 * A download the browser drops destroys the export's stream (Fastify does so
 * when the socket closes): the export then stops reading its rows.
 */

/** The files of `dir` this process holds open (Linux). */
function openFilesUnder(dir: string): string[] {
  return readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

function endlessRows(files: ExportItem["files"] = []) {
  const state = { read: 0, closed: false };
  const items: AsyncIterable<ExportItem> = {
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          state.read++;
          // A page of rows from the database at a time, as the real reading gives way between pages.
          if (state.read % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
          // Text that does not compress away, so the download's buffers fill.
          const resumo = randomUUID().repeat(20);
          const id = randomUUID();
          yield {
            row: {
              numero: state.read,
              tipo: "material",
              id,
              solicitante: { nome: "Ana Souza", email: "ana@agencia.digital" },
              resumo,
              dataDespesa: null,
              tipoDespesa: null,
              centroCusto: null,
              valor: null,
              valorAprovado: null,
              status: "pendente",
              criadaEm: new Date().toISOString(),
              decididaEm: null,
              aprovador: null,
              pagaEm: null,
              pagador: null,
              formaPagamento: null,
              chavePix: null,
              anexos: [],
              comprovantesPagamento: [],
            },
            files,
          };
        }
      } finally {
        state.closed = true;
      }
    },
  };
  return { items, state };
}

/** Reads `bytes`, then stops reading, as a stalled browser does, until the export waits; then drops it. */
async function stallThenDrop(stream: Readable, bytes: number, state: { read: number }) {
  await new Promise<void>((resolve) => {
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received < bytes) return;
      stream.pause();
      stream.off("data", onData);
      resolve();
    };
    stream.on("data", onData);
  });
  await vi.waitFor(
    async () => {
      const before = state.read;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(state.read).toBe(before);
    },
    { timeout: 20_000, interval: 0 },
  );
  stream.destroy();
}

describe("a dropped export download", () => {
  it("XLSX: stops reading rows and closes its row source", async () => {
    const { items, state } = endlessRows();
    const errors: unknown[] = [];
    const stream = xlsxStream(items, "http://localhost:3000", (err) => errors.push(err));
    await stallThenDrop(stream, 64 * 1024, state);
    await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 5_000, interval: 20 });
    const read = state.read;
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.read).toBe(read);
    expect(errors).toEqual([]);
  });
});

describe.runIf(process.platform === "linux")("a dropped ZIP download", () => {
  it("closes the stored file it was reading and stops reading rows", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "balcao-dropped-"));
    const storage = createLocalStorage(root);
    try {
      await storage.put("reembolso/grande", generatedStream(8 * MiB), { contentType: "application/pdf" });
      const file = { id: randomUUID(), nome: "grande.pdf", contentType: "application/pdf" };
      const { items, state } = endlessRows([
        { ...file, storageKey: "reembolso/grande", doEvento: false, nomeExibido: file.nome },
      ]);
      const errors: unknown[] = [];
      const stream = zipStream(items, {
        storage,
        publicUrl: "http://localhost:3000",
        onError: (err) => errors.push(err),
        onMissing: () => {},
      });
      await stallThenDrop(stream, 1 * MiB, state);
      await vi.waitFor(
        () =>
          expect({ open: openFilesUnder(root), closed: state.closed }).toEqual({ open: [], closed: true }),
        {
          timeout: 5_000,
          interval: 20,
        },
      );
      expect(errors).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
