import { isRequestKind, type RequestKind } from "@/domain/requests/kinds";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { verifyAttachmentSignature } from "../../storage/signed-link";
import { findAttachment } from "./requests.queries";

export type Attachment = NonNullable<Awaited<ReturnType<typeof findAttachment>>>;

/*
 * Receipts are private (ASVS 5.4.1): the author and the reviewers of the request read them with
 * the session, whoever stored them; a webhook receiver with a signed, expiring link. Anything
 * else, an unknown id included, is 404.
 */
export function createAttachmentsService(deps: {
  db: Db;
  linkSecret: Buffer;
  /** Whether this person may read this request (its author or one of its reviewers). */
  mayRead: (user: CurrentUser, kind: RequestKind, requestId: string) => Promise<boolean>;
}) {
  /** The attachment, when `user` may read its request; 404 otherwise. */
  async function forReader(user: CurrentUser, id: string): Promise<Attachment> {
    const attachment = await findAttachment(deps.db, id);
    if (!attachment) throw notFound();
    // Storing a file gives no right of its own: a reviewer removed from the team reads no more
    // of its requests, their own uploads included (docs/decisions/030).
    const readable =
      isRequestKind(attachment.solicitacaoTipo) &&
      (await deps.mayRead(user, attachment.solicitacaoTipo, attachment.solicitacaoId));
    if (!readable) throw notFound();
    return attachment;
  }

  /** The attachment of a valid, unexpired signed link; 404 otherwise (`refused` says why, for the log). */
  async function bySignedLink(
    id: string,
    link: { expires?: string | undefined; signature?: string | undefined },
    refused: () => void,
  ): Promise<Attachment> {
    const valid = verifyAttachmentSignature({
      id,
      expires: link.expires,
      signature: link.signature,
      secret: deps.linkSecret,
    });
    if (!valid) {
      refused();
      throw notFound();
    }
    const attachment = await findAttachment(deps.db, id);
    if (!attachment) throw notFound();
    return attachment;
  }

  return { forReader, bySignedLink };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
