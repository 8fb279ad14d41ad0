import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import { attachmentDisposition } from "../../storage/content-disposition";
import { verifyAttachmentSignature } from "../../storage/signed-link";
import type { Storage } from "../../storage/storage";
import { findUserAttachment } from "./requests.queries";

type Attachment = NonNullable<Awaited<ReturnType<typeof findUserAttachment>>>;

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
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary: "Download an attachment of one of your requests",
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      if (!UUID_PATTERN.test(request.params.id)) throw notFound();
      const attachment = await findUserAttachment(options.db, request.params.id, request.user!.id);
      if (!attachment) throw notFound();
      return send(reply, attachment);
    },
  );

  r.get(
    "/api/anexos/:id/download",
    {
      schema: {
        tags: ["Solicitações"],
        summary: "Download an attachment through a signed, expiring link (for automations)",
        params: z.object({ id: z.string() }),
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const valid =
        UUID_PATTERN.test(id) &&
        verifyAttachmentSignature({
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
