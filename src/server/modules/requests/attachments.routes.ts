import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import { AttachmentLinkQuerySchema, AttachmentParamsSchema } from "@/domain/requests/api";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { attachmentDisposition } from "../../storage/content-disposition";
import { verifyAttachmentSignature } from "../../storage/signed-link";
import type { Storage } from "../../storage/storage";
import { findUserAttachment } from "./requests.queries";

type Attachment = NonNullable<Awaited<ReturnType<typeof findUserAttachment>>>;

const tags = ["Solicitações"];

/** The stored file: its bytes, with the content type and name it was stored with. */
const fileResponse = {
  description: "The file's bytes, with its own content type (image/jpeg, image/png, application/pdf, …)",
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

/*
 * Receipts are private (ASVS 5.4.1): the author downloads them with the
 * session; a webhook receiver with a signed, expiring link. Anything else, an
 * unknown id included, is 404.
 */
export async function attachmentsRoutes(
  app: FastifyInstance,
  options: { db: Db; storage: Storage; linkSecret: Buffer },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function send(reply: FastifyReply, attachment: Attachment) {
    const object = await options.storage.get(attachment.storageKey);
    return (
      reply
        .header("content-type", attachment.contentType)
        .header("content-length", object.bytes)
        // Rows stored before names were cleaned and tied to the content get the same treatment here.
        .header(
          "content-disposition",
          attachmentDisposition(
            displayFileName(attachment.nomeOriginal, fileKindOfContentType(attachment.contentType)),
          ),
        )
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(object.body)
    );
  }

  r.get(
    "/api/anexos/:id",
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Download an attachment of one of your requests",
        params: AttachmentParamsSchema,
        response: { 200: fileResponse, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const attachment = await findUserAttachment(options.db, request.params.id, request.user!.id);
      if (!attachment) throw notFound();
      return send(reply, attachment);
    },
  );

  r.get(
    "/api/anexos/:id/download",
    {
      schema: {
        tags,
        summary: "Download an attachment through a signed, expiring link (for automations)",
        params: AttachmentParamsSchema,
        querystring: AttachmentLinkQuerySchema,
        response: { 200: fileResponse, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const valid = verifyAttachmentSignature({
        id,
        expires: request.query.expires,
        signature: request.query.signature,
        secret: options.linkSecret,
      });
      if (!valid) {
        request.log.warn({ attachmentId: id }, "attachment link refused: bad or expired signature");
        throw notFound();
      }
      const attachment = await findUserAttachment(options.db, id, null);
      if (!attachment) throw notFound();
      return send(reply, attachment);
    },
  );
}
