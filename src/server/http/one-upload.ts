import type { FastifyRequest } from "fastify";
import { httpMessages } from "@/domain/messages";
import { AppError, fieldError } from "./errors";

/*
 * One file sent in a multipart form and read whole into memory: a bank's return file or a
 * statement, small and read at once, never stored. Past `maxBytes` the answer is 413 before the
 * rest of the body is kept; anything but one file under `field` is a 400 on that field.
 */

export type OneUpload = { field: string; maxBytes: number; required: string; tooLarge: string };

export async function readOneUpload(request: FastifyRequest, options: OneUpload): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(options.field, options.required);
  let file: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    file = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw new AppError(400, "INVALID_MULTIPART", {
      title: httpMessages.badRequest,
      description: options.required,
    });
  }
  if (!file || file.fieldname !== options.field) {
    file?.file.resume();
    throw fieldError(options.field, options.required);
  }
  try {
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw fieldError(options.field, options.required);
    return bytes;
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(
        413,
        "PAYLOAD_TOO_LARGE",
        { title: httpMessages.payloadTooLarge, description: options.tooLarge },
        { [options.field]: options.tooLarge },
      );
    throw err;
  }
}
