import { createHash } from "node:crypto";
import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import { detectFileKind, FILE_KINDS, type FileKind, SIGNATURE_LENGTH } from "@/domain/file-kinds";
import { assertValidKey, type Storage } from "./storage";
import { isWordArchive } from "./word-archive";

export type UploadKind = FileKind;

// A file is judged by its first bytes, never by its name or declared type (src/domain/file-kinds.ts).
const SNIFF_LENGTH = SIGNATURE_LENGTH;

const EXTENSIONS: Record<string, UploadKind> = Object.fromEntries(
  (Object.keys(FILE_KINDS) as UploadKind[]).flatMap((kind) =>
    FILE_KINDS[kind].extensions.map((extension) => [extension, kind]),
  ),
);

export const contentTypeFor = (kind: UploadKind): string => FILE_KINDS[kind].contentType;

/**
 * The kind a file name's extension promises, if it is one we take. The route can pass
 * `allowed: [kindFromFileName(name)]` so the content must match the extension (ASVS 5.2.2).
 */
export function kindFromFileName(fileName: string): UploadKind | undefined {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? undefined : EXTENSIONS[fileName.slice(dot + 1).toLowerCase()];
}

export const detectKind = detectFileKind;

/** The upload was refused for what it is; the route answers 4xx. */
export class UploadRejectedError extends Error {}

export class UploadTooLargeError extends UploadRejectedError {
  constructor(readonly maxBytes: number) {
    super(`Upload exceeds ${maxBytes} bytes`);
    this.name = "UploadTooLargeError";
  }
}

export class UploadTypeError extends UploadRejectedError {
  constructor(
    readonly allowed: readonly UploadKind[],
    /** What the first bytes said, when they named a kind we know but not one allowed here. */
    readonly detected?: UploadKind,
  ) {
    super(`Upload content is not one of: ${allowed.join(", ")}`);
    this.name = "UploadTypeError";
  }
}

/** The incoming stream failed or ended early (the client went away); `cause` holds its error. */
export class UploadAbortedError extends Error {
  constructor(cause: unknown) {
    super("Upload stream ended before the file was complete", { cause });
    this.name = "UploadAbortedError";
  }
}

const prematureClose = () => new Error("Premature close");

/*
 * Sits between the incoming file and storage: counts bytes, holds back only the
 * first few until they say what the file is, then passes chunks through. Failing
 * here destroys the pipeline, so the storage write stops too.
 */
class UploadGate extends Transform {
  bytes = 0;
  /** Set when this gate refused the file; storeUpload reports it over what storage made of it. */
  rejection: UploadRejectedError | undefined;
  /** Settles once the first bytes are judged: storage needs the content type before writing. */
  readonly kind: Promise<UploadKind>;
  private resolveKind!: (kind: UploadKind) => void;
  private rejectKind!: (err: unknown) => void;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;
  /** Set when the incoming file failed or ended early: the client's side, not storage's. */
  sourceFailure: unknown;
  /** Of every byte that passed, so the same receipt sent twice is recognised (decision 015). */
  private readonly hash = createHash("sha256");

  constructor(
    private readonly maxBytes: number,
    private readonly allowed: readonly UploadKind[],
    private readonly source?: Readable,
  ) {
    super();
    this.kind = new Promise((resolve, reject) => {
      this.resolveKind = resolve;
      this.rejectKind = reject;
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.bytes > this.maxBytes) return this.refuse(new UploadTooLargeError(this.maxBytes), callback);
    if (this.decided) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_LENGTH) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.decided) return callback();
    this.decide(callback);
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    // Torn down after its source already failed (pipeline reacts to the source before our own
    // listeners do): the failure started upstream, not in storage.
    if (this.source?.destroyed && !this.source.readableEnded) this.sourceFailure ??= err ?? prematureClose();
    this.rejectKind(err ?? new UploadAbortedError(undefined));
    callback(err);
  }

  /** The SHA-256 of the whole file, hex; read once the file has passed. */
  sha256(): string {
    return this.hash.digest("hex");
  }

  private decide(callback: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    const kind = detectKind(head);
    if (!kind || !this.allowed.includes(kind))
      return this.refuse(new UploadTypeError(this.allowed, kind), callback);
    this.decided = true;
    this.resolveKind(kind);
    callback(null, head);
  }

  private refuse(err: UploadRejectedError, callback: TransformCallback) {
    this.rejection = err;
    callback(err);
  }
}

export type StoreUploadOptions = {
  storage: Storage;
  /**
   * Server-generated, e.g. reembolso/2026/11/<uuid>/<storedName>; or made from the kind the
   * content turned out to be, so the stored name's extension can follow it.
   */
  key: string | ((kind: UploadKind) => string);
  stream: Readable;
  maxBytes: number;
  allowed: readonly UploadKind[];
  /** Told when removing a failed upload's remains fails too; pass the request logger. */
  onCleanupError?: (err: unknown) => void;
};

export type StoredUpload = {
  key: string;
  bytes: number;
  kind: UploadKind;
  contentType: string;
  sha256: string;
};

/**
 * Streams one file into storage under `key`, judging it on the way. On any
 * failure nothing stays under `key`, and the error is UploadTooLargeError,
 * UploadTypeError, UploadAbortedError, or storage's own.
 */
export async function storeUpload(options: StoreUploadOptions): Promise<StoredUpload> {
  const { storage, stream, maxBytes, allowed } = options;
  let key = typeof options.key === "string" ? options.key : undefined;
  try {
    if (key !== undefined) assertValidKey(key);
  } catch (err) {
    stream.destroy();
    throw err;
  }

  const gate = new UploadGate(maxBytes, allowed, stream);
  // An error or early close seen while the gate still stands started at the source; once
  // the gate is down, the source is only being torn down after it. (A source destroyed
  // with an error may reach pipeline first; the gate's _destroy notices that case.)
  const onSourceFailure = (err?: unknown) => {
    if (!gate.destroyed) gate.sourceFailure ??= err ?? prematureClose();
  };
  stream.once("error", onSourceFailure);
  stream.once("close", () => {
    if (!stream.readableEnded) onSourceFailure();
  });
  pipeline(stream, gate, () => {});

  try {
    const kind = await gate.kind;
    const contentType = contentTypeFor(kind);
    if (typeof options.key === "function") {
      const made = options.key(kind);
      assertValidKey(made);
      key = made;
    }
    const storedKey = key!;
    const { bytes } = await storage.put(storedKey, gate, { contentType });
    if (
      kind === "docx" &&
      !(await isWordArchive((start, end) => storage.readRange(storedKey, start, end), bytes))
    ) {
      throw new UploadTypeError(allowed);
    }
    return { key: storedKey, bytes, kind, contentType, sha256: gate.sha256() };
  } catch (err) {
    const cause =
      gate.rejection ?? (gate.sourceFailure !== undefined ? new UploadAbortedError(gate.sourceFailure) : err);
    // pipeline would tear the source down a tick later; the caller may look at it sooner.
    gate.destroy();
    stream.destroy();
    if (key !== undefined) {
      await storage.delete(key).catch((cleanupError) => options.onCleanupError?.(cleanupError));
    }
    throw cause;
  }
}
