import { randomUUID } from "node:crypto";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { displayFileName, storedFileName } from "@/domain/file-name";
import { clientErrorMessages, httpMessages } from "@/domain/messages";
import type { AttachmentRules } from "@/domain/requests/attachments";
import { AppError } from "../../http/errors";
import { isUnstorableText, printableName, unstorableFieldError } from "../../http/unstorable-text";
import {
  storeUpload,
  UploadAbortedError,
  type UploadKind,
  UploadTooLargeError,
  UploadTypeError,
} from "../../storage/inspect-upload";
import type { Storage } from "../../storage/storage";

export type StoredFile = {
  key: string;
  originalName: string;
  storedName: string;
  bytes: number;
  contentType: string;
  sha256: string;
};

export type MultipartRequest = { id: string; fields: Record<string, string>; files: StoredFile[] };

type Options = {
  storage: Storage;
  /** First segment of the storage key: the request kind. */
  kind: string;
  rules: AttachmentRules;
  allowed: readonly UploadKind[];
  fileField: string;
};

/**
 * Reads a multipart form, streaming each file of `fileField` into storage as it
 * arrives (judged by content and size on the way) and keeping the text fields.
 * Whatever goes wrong, the files already stored for this request are removed
 * before the error leaves: a refused request keeps nothing.
 */
export async function readMultipartRequest(
  request: FastifyRequest,
  options: Options,
): Promise<MultipartRequest> {
  const id = randomUUID();
  const maxFiles = options.rules.max ?? DEFAULT_MAX_FILES;
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  const now = new Date();
  const prefix = `${options.kind}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${id}`;
  try {
    if (!request.isMultipart()) {
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", clientErrorMessages.NOT_MULTIPART);
    }
    const parts = request.parts({
      limits: {
        // A little above our own limit, so storeUpload's precise check is the one that answers.
        fileSize: options.rules.maxBytes + 64 * 1024,
        files: maxFiles + 1,
        fields: 30,
        fieldSize: 64 * 1024,
        parts: maxFiles + 31,
      },
    });
    for (;;) {
      const next = await parts.next().catch((err: unknown) => {
        throw unreadableForm(err, request);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === "field") {
        // PostgreSQL cannot hold every string a form can carry: refused here, named, before anything is saved.
        if (
          isUnstorableText(part.fieldname) ||
          (typeof part.value === "string" && isUnstorableText(part.value))
        ) {
          throw unstorableFieldError({ [printableName(part.fieldname)]: httpMessages.invalidCharacters });
        }
        if (typeof part.value === "string" && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || !part.filename) {
        part.file.resume();
        continue;
      }
      if (isUnstorableText(part.filename)) {
        part.file.resume();
        throw unstorableFieldError({ [options.fileField]: httpMessages.invalidFileNameCharacters });
      }
      if (files.length >= maxFiles) {
        part.file.resume();
        throw fieldError(400, "TOO_MANY_FILES", options.fileField, tooManyMessage(options.rules));
      }
      // Named once the first bytes said what the file is: the shown name (nome_original) is the
      // user's, cleaned of controls and bidi tricks, and its extension and the stored name's
      // follow the content (domain/file-name.ts).
      const receivedAt = Date.now();
      const filename = part.filename;
      let displayName = "";
      let storedName = "";
      const stored = await storeUpload({
        storage: options.storage,
        key: (kind) => {
          displayName = displayFileName(filename, kind);
          storedName = storedFileName(displayName, receivedAt);
          for (let n = 1; files.some((f) => f.storedName === storedName); n++)
            storedName = storedFileName(displayName, receivedAt + n);
          return `${prefix}/${storedName}`;
        },
        stream: part.file,
        maxBytes: options.rules.maxBytes,
        allowed: options.allowed,
        onCleanupError: (err) =>
          request.log.error({ err, key: `${prefix}/${storedName}` }, "could not remove a refused upload"),
      });
      files.push({
        key: stored.key,
        originalName: displayName,
        storedName,
        bytes: stored.bytes,
        contentType: stored.contentType,
        sha256: stored.sha256,
      });
    }
    return { id, fields, files };
  } catch (err) {
    await removeStoredFiles(options.storage, files, request);
    throw translateUploadError(err, options, request);
  }
}

export async function removeStoredFiles(
  storage: Storage,
  files: readonly StoredFile[],
  request: FastifyRequest,
) {
  await Promise.all(
    files.map((file) =>
      storage
        .delete(file.key)
        .catch((err) => request.log.error({ err, key: file.key }, "could not remove a stored file")),
    ),
  );
}

// A reimbursement with more receipts than this is better split; the spec sets no number.
const DEFAULT_MAX_FILES = 10;

function tooManyMessage(rules: AttachmentRules): string {
  const max = rules.max ?? DEFAULT_MAX_FILES;
  return rules.messages.tooMany ?? `Envie no máximo ${max} ${max === 1 ? "arquivo" : "arquivos"}`;
}

function fieldError(status: number, code: string, field: string, message: string) {
  return new AppError(
    status,
    code,
    { title: httpMessages.badRequest, description: message },
    { [field]: message },
  );
}

/** The client went away mid-body (rather than sending a body that ends wrong). */
const clientWentAway = (request: FastifyRequest) => request.raw.readableAborted;

/**
 * What the multipart parser threw while reading the form. @fastify/multipart's own
 * errors carry a code and are answered by the error handler; busboy's (a missing
 * or wrong boundary, a body that ends mid-part) are plain English Errors and
 * would otherwise be a 500.
 */
function unreadableForm(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof AppError || typeof (err as { code?: unknown })?.code === "string") return err;
  return clientWentAway(request)
    ? new UploadAbortedError(err)
    : new AppError(400, "INVALID_MULTIPART", clientErrorMessages.INVALID_MULTIPART);
}

function translateUploadError(err: unknown, options: Options, request: FastifyRequest): unknown {
  const messages = options.rules.messages;
  const code = (err as { code?: string }).code;
  if (err instanceof UploadTooLargeError || code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError(
      413,
      "PAYLOAD_TOO_LARGE",
      { title: httpMessages.payloadTooLarge, description: messages.tooLarge },
      { [options.fileField]: messages.tooLarge },
    );
  }
  if (err instanceof UploadTypeError) return fieldError(400, "FILE_TYPE", options.fileField, messages.type);
  if (err instanceof UploadAbortedError) {
    // The client went away mid-upload: nobody reads the answer, but it is not a server fault.
    if (clientWentAway(request)) {
      return new AppError(400, "UPLOAD_ABORTED", clientErrorMessages.UPLOAD_ABORTED);
    }
    // The whole body arrived, but a file part in it ends without its boundary.
    return new AppError(400, "INVALID_MULTIPART", clientErrorMessages.INVALID_MULTIPART);
  }
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
    return fieldError(400, "TOO_MANY_PARTS", options.fileField, tooManyMessage(options.rules));
  }
  return err;
}
