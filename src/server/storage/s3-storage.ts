import { pipeline, type Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertValidKey, type Storage, StorageNotFoundError } from "./storage";

export type S3StorageOptions = {
  /** For S3-compatible services (MinIO, R2, s3rver); unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Most S3-compatible services want path-style URLs (endpoint/bucket/key). */
  forcePathStyle?: boolean;
};

/*
 * S3's smallest part (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html).
 * lib-storage holds about (queueSize + 1) parts at once, so an upload costs
 * ~15 MB whatever the file's size.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function createS3Storage(options: S3StorageOptions): Storage {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
    // SDK v3.729+ adds CRC32 checksums (aws-chunked bodies) by default; many S3-compatible
    // services do not understand them. Checksums then stay for operations that require them.
    config.requestChecksumCalculation = "WHEN_REQUIRED";
    config.responseChecksumValidation = "WHEN_REQUIRED";
  }
  const client = new S3Client(config);
  const Bucket = options.bucket;

  return {
    kind: "s3",

    async put(key, body, { contentType }) {
      assertValidKey(key);
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      // Errors reach lib-storage through `counted`; the callback only keeps pipeline from throwing.
      pipeline(body, counted, () => {});
      // Bodies under one part go up with a single PutObject; larger ones as a multipart
      // upload that lib-storage aborts when the body fails, so no object appears.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (err) {
        // When the body failed (too large, wrong type, client gone), that is the error to report,
        // not whatever the abort request answered.
        const cause = counted.errored ?? err;
        counted.destroy();
        throw cause;
      }
      return { bytes };
    },

    async get(key) {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: res.Body as Readable,
          bytes: res.ContentLength ?? 0,
          ...(res.ContentType ? { contentType: res.ContentType } : {}),
        };
      } catch (err) {
        throw isNotFound(err) ? new StorageNotFoundError(key) : err;
      }
    },

    async readRange(key, start, end) {
      assertValidKey(key);
      if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end)) {
        throw new RangeError(`Invalid range [${start}, ${end})`);
      }
      if (start === end) return Buffer.alloc(0);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
        );
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        throw isNotFound(err) ? new StorageNotFoundError(key) : err;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },

    async close() {
      client.destroy();
    },
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
