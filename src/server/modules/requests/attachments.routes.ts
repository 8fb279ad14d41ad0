import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import { AttachmentLinkQuerySchema, AttachmentParamsSchema } from "@/domain/requests/api";
import { attachmentDisposition } from "../../storage/content-disposition";
import type { Storage } from "../../storage/storage";
import type { Attachment, AttachmentsService } from "./attachments.service";

const tags = ["Solicitações"];

/** The stored file: its bytes, with the content type and name it was stored with. */
const fileResponse = {
  description: "The file's bytes, with its own content type (image/jpeg, image/png, application/pdf, …)",
  content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
};

/*
 * Types a browser shows itself without running anything of ours: the request
 * page previews these in place (decision 011). Their content was checked against
 * its signature on upload, so the stored type is what the bytes are.
 */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf"]);

/** A request's files (decision 011): with the session, or a signed link (attachments.service.ts). */
export async function attachmentsRoutes(
  app: FastifyInstance,
  options: { service: AttachmentsService; storage: Storage },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function send(reply: FastifyReply, attachment: Attachment, inline = false) {
    const object = await options.storage.get(attachment.storageKey);
    const name = displayFileName(attachment.nomeOriginal, fileKindOfContentType(attachment.contentType));
    const preview = inline && PREVIEWABLE.has(attachment.contentType);
    if (preview) {
      // Shown inside our own page only; nothing in it may load or run anything else.
      reply.header(
        "content-security-policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
      );
    }
    return (
      reply
        .header("content-type", attachment.contentType)
        .header("content-length", object.bytes)
        // Rows stored before names were cleaned and tied to the content get the same treatment here.
        .header(
          "content-disposition",
          preview
            ? attachmentDisposition(name).replace(/^attachment/, "inline")
            : attachmentDisposition(name),
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
        summary:
          "Download an attachment of a request you sent or review; `?ver=1` shows images and PDFs in the page",
        params: AttachmentParamsSchema,
        querystring: z.object({ ver: z.literal("1").optional() }),
        response: { 200: fileResponse, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const attachment = await service.forReader(request.user!, request.params.id);
      return send(reply, attachment, request.query.ver === "1");
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
      const attachment = await service.bySignedLink(id, request.query, () =>
        request.log.warn({ attachmentId: id }, "attachment link refused: bad or expired signature"),
      );
      return send(reply, attachment);
    },
  );
}
