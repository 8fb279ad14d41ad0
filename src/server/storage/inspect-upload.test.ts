import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  contentTypeFor,
  detectKind,
  kindFromFileName,
  storeUpload,
  UploadAbortedError,
  type UploadKind,
  UploadTooLargeError,
  UploadTypeError,
} from "./inspect-upload";
import { type Storage, StorageKeyError } from "./storage";
import {
  type Backend,
  backends,
  docFile,
  docxFile,
  drain,
  fromBuffer,
  generatedStream,
  jpegFile,
  MiB,
  pdfFile,
  pngFile,
  zipFile,
} from "./test-kit";

const RECEIPT: UploadKind[] = ["jpeg", "png", "pdf"];
const GRANT: UploadKind[] = ["pdf", "jpeg", "png", "doc", "docx"];
const key = "reembolso/2026/11/6c1f0d4e-2b8a-4f0e-9a57-3d2e1c0b9a87/anexo";

describe("detectKind and kindFromFileName", () => {
  it("reads the signatures, not the name", () => {
    expect(detectKind(pdfFile)).toBe("pdf");
    expect(detectKind(pngFile)).toBe("png");
    expect(detectKind(jpegFile)).toBe("jpeg");
    expect(detectKind(docFile)).toBe("doc");
    expect(detectKind(docxFile)).toBe("docx");
    expect(detectKind(Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"))).toBeUndefined();
    expect(detectKind(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(detectKind(Buffer.alloc(0))).toBeUndefined();
  });

  it("maps the extensions we take", () => {
    expect(kindFromFileName("Recibo.JPG")).toBe("jpeg");
    expect(kindFromFileName("a.tar.docx")).toBe("docx");
    expect(kindFromFileName("malware.exe")).toBeUndefined();
    expect(kindFromFileName("pdf")).toBeUndefined();
    expect(contentTypeFor("docx")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });
});

describe("storeUpload when storage itself fails", () => {
  it("reports storage's error, stops the client's stream and reports a failed cleanup", async () => {
    const deleted: string[] = [];
    const cleanupErrors: unknown[] = [];
    const storage = {
      kind: "local",
      async put(_key: string, body: Readable) {
        for await (const _chunk of body) throw new Error("disk full");
        return { bytes: 0 };
      },
      async delete(k: string) {
        deleted.push(k);
        throw new Error("disk gone");
      },
    } as unknown as Storage;
    const stream = generatedStream(5 * MiB, { head: pdfFile });
    const err = await storeUpload({
      storage,
      key,
      stream,
      maxBytes: 10 * MiB,
      allowed: RECEIPT,
      onCleanupError: (e) => cleanupErrors.push(e),
    }).catch((e) => e);
    expect(err.message).toBe("disk full");
    expect(stream.destroyed).toBe(true);
    expect(deleted).toEqual([key]);
    expect(cleanupErrors).toEqual([new Error("disk gone")]);
  });

  it("refuses a bad key before reading anything", async () => {
    const stream = fromBuffer(pdfFile);
    const storage = {} as Storage;
    await expect(
      storeUpload({ storage, key: "../fora.pdf", stream, maxBytes: MiB, allowed: RECEIPT }),
    ).rejects.toBeInstanceOf(StorageKeyError);
    expect(stream.destroyed).toBe(true);
  });
});

describe.each(backends)("storeUpload: $name", ({ open }) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterEach(async () => {
    await backend.storage.delete(key);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const expectNothingStored = async () => {
    expect(await backend.storage.exists(key)).toBe(false);
    expect(await backend.list()).toEqual([]);
  };

  it.each([
    ["pdf", pdfFile, "application/pdf"],
    ["png", pngFile, "image/png"],
    ["jpeg", jpegFile, "image/jpeg"],
    ["doc", docFile, "application/msword"],
    ["docx", docxFile, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ] as const)("stores a real %s", async (kind, file, contentType) => {
    const stored = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(file),
      maxBytes: 10 * MiB,
      allowed: GRANT,
    });
    // The SHA-256 of the bytes that passed: the same receipt sent twice is recognised (decision 015).
    const sha256 = createHash("sha256").update(file).digest("hex");
    expect(stored).toEqual({ key, bytes: file.length, kind, contentType, sha256 });
    const object = await backend.storage.get(key);
    expect(Buffer.concat(await object.body.toArray())).toEqual(file);
  });

  it("names the object after what the content turned out to be, when asked to", async () => {
    const named = `${key}.png`;
    const seen: string[] = [];
    const stored = await storeUpload({
      storage: backend.storage,
      key: (kind) => {
        seen.push(kind);
        return named;
      },
      stream: fromBuffer(pngFile),
      maxBytes: MiB,
      allowed: RECEIPT,
    });
    expect(seen).toEqual(["png"]);
    expect(stored.key).toBe(named);
    expect(await backend.storage.exists(named)).toBe(true);
    await backend.storage.delete(named);
    // Refused before it had a name: nothing to remove, nothing stored.
    const refused = await storeUpload({
      storage: backend.storage,
      key: () => named,
      stream: fromBuffer(Buffer.from("MZ not a receipt")),
      maxBytes: MiB,
      allowed: RECEIPT,
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(UploadTypeError);
    await expectNothingStored();
    expect(await backend.storage.exists(named)).toBe(false);
  });

  it("judges the signature even when it arrives one byte at a time", async () => {
    const stored = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(pngFile, 1),
      maxBytes: MiB,
      allowed: RECEIPT,
    });
    expect(stored.kind).toBe("png");
    expect(stored.bytes).toBe(pngFile.length);
  });

  it("refuses an executable renamed .pdf", async () => {
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"),
      Buffer.alloc(4096),
    ]);
    const err = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(exe),
      maxBytes: MiB,
      allowed: RECEIPT,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(UploadTypeError);
    expect(err.detected).toBeUndefined();
    await expectNothingStored();
  });

  it("refuses a known kind this upload does not take, and an empty file", async () => {
    const docAsReceipt = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(docFile),
      maxBytes: MiB,
      allowed: RECEIPT,
    }).catch((e) => e);
    expect(docAsReceipt).toBeInstanceOf(UploadTypeError);
    expect(docAsReceipt.detected).toBe("doc");
    const empty = storeUpload({
      storage: backend.storage,
      key,
      stream: Readable.from([]),
      maxBytes: MiB,
      allowed: RECEIPT,
    });
    await expect(empty).rejects.toBeInstanceOf(UploadTypeError);
    await expectNothingStored();
  });

  it.each([
    ["a plain ZIP", zipFile([{ name: "leia-me.txt", data: Buffer.from("oi") }])],
    [
      "a spreadsheet",
      zipFile([
        { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
        { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
      ]),
    ],
    // Its bytes hold word/ local headers, but its own directory lists one entry: a ZIP reader sees no Word document.
    ["a DOCX stored inside a ZIP", zipFile([{ name: "dentro.docx", data: docxFile }])],
    ["a ZIP cut short", docxFile.subarray(0, docxFile.length - 10)],
  ])("refuses %s sent as DOCX and removes what was stored", async (_name, file) => {
    const err = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(file),
      maxBytes: 10 * MiB,
      allowed: GRANT,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(UploadTypeError);
    await expectNothingStored();
  });

  it("reads a central directory larger than the tail it first fetches", async () => {
    const entries = Array.from({ length: 2500 }, (_, i) => ({
      name: `media/imagem-${i}.txt`,
      data: Buffer.from("x"),
    }));
    entries.push({ name: "word/document.xml", data: Buffer.from("<w:document/>") });
    const file = zipFile(entries, "um comentário qualquer");
    const stored = await storeUpload({
      storage: backend.storage,
      key,
      stream: fromBuffer(file),
      maxBytes: 10 * MiB,
      allowed: GRANT,
    });
    expect(stored.kind).toBe("docx");
  });

  it("stops a 31 MB stream at a 30 MB limit and leaves nothing behind", async () => {
    const stream = generatedStream(31 * MiB, { head: pdfFile });
    const err = await storeUpload({
      storage: backend.storage,
      key,
      stream,
      maxBytes: 30 * MiB,
      allowed: RECEIPT,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(UploadTooLargeError);
    expect(err.maxBytes).toBe(30 * MiB);
    expect(stream.destroyed).toBe(true);
    await expectNothingStored();
  });

  it("takes a file of exactly the limit", async () => {
    const stored = await storeUpload({
      storage: backend.storage,
      key,
      stream: generatedStream(6 * MiB, { head: pdfFile }),
      maxBytes: 6 * MiB,
      allowed: RECEIPT,
    });
    expect(stored.bytes).toBe(6 * MiB);
  });

  it.each([
    ["before the first part", 100 * 1024],
    ["after a few parts", 12 * MiB],
  ])("leaves nothing when the client's stream fails %s", async (_when, failAt) => {
    const stream = generatedStream(20 * MiB, { head: pdfFile, failAt });
    const err = await storeUpload({
      storage: backend.storage,
      key,
      stream,
      maxBytes: 30 * MiB,
      allowed: RECEIPT,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(UploadAbortedError);
    expect(err.cause.message).toBe("connection reset by test");
    await expectNothingStored();
  });

  it("leaves nothing when the client's stream just closes early", async () => {
    const stream = generatedStream(20 * MiB, { head: pdfFile });
    let sent = 0;
    stream.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent >= 7 * MiB) stream.destroy();
    });
    const err = await storeUpload({
      storage: backend.storage,
      key,
      stream,
      maxBytes: 30 * MiB,
      allowed: RECEIPT,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(UploadAbortedError);
    await expectNothingStored();
  });

  it("stores 100 MB in bounded memory (reported, not asserted)", async () => {
    const size = 100 * MiB;
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const stored = await storeUpload({
        storage: backend.storage,
        key,
        stream: generatedStream(size, { head: pdfFile }),
        maxBytes: size,
        allowed: RECEIPT,
      });
      expect(stored.bytes).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - before) / MiB;
    console.warn(
      `[storage] ${backend.storage.kind}: storing 100 MB grew RSS by ${growth.toFixed(1)} MB at peak (target < 64 MB)`,
    );
    expect((await drain((await backend.storage.get(key)).body)).bytes).toBe(size);
  }, 120_000);
});
