import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32, deflateSync } from "node:zlib";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

/*
 * Shared by the storage tests: the two backends, each able to list everything
 * it holds (to prove a failed upload left nothing), and file fixtures built
 * byte by byte.
 */

export type Backend = {
  storage: Storage;
  /** Every object (S3) or file, temporary ones included (local), relative to the root. */
  list(): Promise<string[]>;
  close(): Promise<void>;
  /** Local disk only: the directory the storage writes under. */
  dir?: string;
  /** S3 only: the address the store answers at, for a client of the test's own. */
  endpoint?: string;
  /** S3 only: the TCP connections the server holds open now. */
  connections?(): Promise<number>;
};

export const MiB = 1024 * 1024;

export async function openLocalBackend(): Promise<Backend> {
  const root = await mkdtemp(path.join(tmpdir(), "balcao-storage-"));
  const storage = createLocalStorage(path.join(root, "uploads"));
  return {
    storage,
    dir: path.join(root, "uploads"),
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort();
    },
    async close() {
      await storage.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export async function openS3Backend(): Promise<Backend> {
  const directory = await mkdtemp(path.join(tmpdir(), "balcao-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "balcao" }],
  });
  const { port } = await server.run();
  // s3rver's fixed credentials.
  const options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "balcao",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
  };
  const storage = createS3Storage(options);
  const lister = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  return {
    storage,
    endpoint: options.endpoint,
    async list() {
      const res = await lister.send(new ListObjectsV2Command({ Bucket: options.bucket }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    connections() {
      return new Promise<number>((resolve, reject) =>
        server.httpServer!.getConnections((err, count) => (err ? reject(err) : resolve(count))),
      );
    },
    async close() {
      await storage.close();
      lister.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export const backends = [
  { name: "local disk", open: openLocalBackend },
  { name: "S3 (s3rver)", open: openS3Backend },
];

/**
 * `size` bytes of a repeatable pattern, in 64 KiB chunks made on demand, after `head`;
 * `failAt` makes it error once that many bytes have gone out.
 */
export function generatedStream(size: number, options: { head?: Buffer; failAt?: number } = {}): Readable {
  const head = options.head ?? Buffer.alloc(0);
  const chunkSize = 64 * 1024;
  // Byte i of the stream is i % 251 (a prime, so the pattern never lines up with chunk or part sizes).
  const pattern = Buffer.from(Array.from({ length: chunkSize + 251 }, (_, i) => i % 251));
  let sent = 0;
  return new Readable({
    read() {
      if (options.failAt !== undefined && sent >= options.failAt) {
        this.destroy(new Error("connection reset by test"));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkSize, size - sent);
      const chunk = Buffer.from(pattern.subarray(sent % 251, (sent % 251) + length));
      if (sent < head.length) head.copy(chunk, 0, sent);
      sent += length;
      this.push(chunk);
    },
  });
}

export async function drain(stream: Readable): Promise<{ bytes: number; hash: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, hash: hash.digest("hex") };
}

export const fromBuffer = (buffer: Buffer, chunkSize = 16 * 1024): Readable =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += chunkSize) yield buffer.subarray(i, i + chunkSize);
    })(),
  );

// --- Fixtures: the smallest files each reader accepts ---

export const pdfFile = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n" +
    "2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n" +
    "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 72 72]>> endobj\n" +
    "trailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 grey PNG. */
export const pngFile = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from([0, 0x80]))), // filter byte, one grey pixel
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
})();

/** A 1×1 grey baseline JPEG: one DC code and one AC code (end of block), each a single "0" bit. */
export const jpegFile = Buffer.from([
  ...[0xff, 0xd8], // SOI
  ...[0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0], // APP0: JFIF 1.01
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)], // DQT, all ones
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00], // SOF0 1×1, one component
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 1, ...new Array<number>(15).fill(0), 0x00], // DHT DC0: "0" → category 0
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 1, ...new Array<number>(15).fill(0), 0x00], // DHT AC0: "0" → end of block
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00], // SOS
  0x3f, // bits 00, padded with ones
  ...[0xff, 0xd9], // EOI
]);

/** The 512-byte header of an OLE2 compound file, which is what a .doc is (MS-CFB §2.2). */
export const docFile = (() => {
  const header = Buffer.alloc(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(0xfffffffe, 48); // first directory sector: end of chain
  header.writeUInt32LE(0x1000, 56); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60); // first mini FAT sector
  header.writeUInt32LE(0xfffffffe, 68); // first DIFAT sector
  header.fill(0xff, 76, 512); // DIFAT: free
  return header;
})();

/** A ZIP of stored (uncompressed) entries, as APPNOTE.TXT §4.3 lays it out. */
export function zipFile(entries: { name: string; data: Buffer }[], comment = ""): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const commentBytes = Buffer.from(comment, "latin1");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...locals, directory, end, commentBytes]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);

/** The three parts Word needs to open a document. */
export const docxFile = zipFile([
  {
    name: "[Content_Types].xml",
    data: xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        "</Types>",
    ),
  },
  {
    name: "_rels/.rels",
    data: xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        "</Relationships>",
    ),
  },
  {
    name: "word/document.xml",
    data: xml(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        "<w:body><w:p><w:r><w:t>Recibo</w:t></w:r></w:p></w:body></w:document>",
    ),
  },
]);
