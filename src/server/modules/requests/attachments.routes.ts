import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { displayFileName, fileKindOfContentType } from "@/domain/file-name";
import { isRequestKind, type RequestKind } from "@/domain/requests/kinds";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { UUID_PATTERN } from "../../http/validate";
import { attachmentDisposition } from "../../storage/content-disposition";
import { verifyAttachmentSignature } from "../../storage/signed-link";
import type { Storage } from "../../storage/storage";
import { findAttachment } from "./requests.queries";

type Attachment = NonNullable<Awaited<ReturnType<typeof findAttachment>>>;

/*
 * Types a browser shows itself without running anything of ours: the request
 * page previews these in place (issue 11). Their content was checked against
 * its signature on upload, so the stored type is what the bytes are.
 */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf"]);

/*
 * Receipts are private (ASVS 5.4.1): the author and the reviewers of the
 * request read them with the session; a webhook receiver with a signed,
 * expiring link. Anything else, an unknown id included, is 404.
 */
export async function attachmentsRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    storage: Storage;
    linkSecret: Buffer;
    /** Whether this person may read this request (its author or one of its reviewers). */
    mayRead: (user: CurrentUser, kind: RequestKind, requestId: string) => Promise<boolean>;
  },
) {
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
      preHandler: app.requireUser,
      schema: {
        tags: ["Solicitações"],
        summary:
          "Download an attachment of a request you sent or review; `?ver=1` shows images and PDFs in the page",
        params: z.object({ id: z.string() }),
        querystring: z.object({ ver: z.literal("1").optional() }),
      },
    },
    async (request, reply) => {
      if (!UUID_PATTERN.test(request.params.id)) throw notFound();
      const user = request.user!;
      const attachment = await findAttachment(options.db, request.params.id);
      if (!attachment) throw notFound();
      const readable =
        attachment.userId === user.id ||
        (isRequestKind(attachment.solicitacaoTipo) &&
          (await options.mayRead(user, attachment.solicitacaoTipo, attachment.solicitacaoId)));
      if (!readable) throw notFound();
      return send(reply, attachment, request.query.ver === "1");
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
      const attachment = await findAttachment(options.db, id);
      if (!attachment) throw notFound();
      return send(reply, attachment);
    },
  );
}
