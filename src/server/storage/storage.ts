import type { Readable } from "node:stream";

/*
 * Where attachment bytes live: a directory on local disk or an S3 bucket. Both
 * stream in and out, so a 30 MB receipt never sits whole in memory. The
 * database row, not the store, is the record of an attachment's name and type.
 */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Writes all of `body` under `key`, or nothing: a failed or aborted body leaves no object. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ bytes: number }>;
  get(key: string): Promise<StoredObject>;
  /** Bytes [start, end) of a stored object; for checks that need a few bytes, such as a ZIP's directory. */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (S3); for the server's shutdown. */
  close(): Promise<void>;
  /**
   * Removes what interrupted writes left behind, older than `olderThanMs`;
   * returns how many. Local disk only: S3 drops incomplete multipart uploads
   * by the bucket's lifecycle rule (README).
   */
  sweepIncomplete?(olderThanMs: number): Promise<number>;
}

export type StoredObject = {
  body: Readable;
  bytes: number;
  /** Kept by S3 only; local disk stores bytes alone. */
  contentType?: string;
};

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "StorageKeyError";
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/*
 * Keys are built by the server (ASVS 5.3.2), so a narrow alphabet costs
 * nothing: no "..", no leading "/", no backslash or control characters, and no
 * segment starting with "." (which also keeps keys apart from local disk's
 * temporary files). 1024 is S3's key length limit.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 1024 || !KEY_PATTERN.test(key)) throw new StorageKeyError(key);
}
