import { capacityOf, roleOf } from "@/domain/requests/access";
import type { RequestKind } from "@/domain/requests/kinds";
import { type CommentInput, reviewMessages } from "@/domain/requests/review-api";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { AfterCommit } from "../notifications/after-commit";
import { findRequest } from "../requests/requests.queries";
import { appendEvent } from "../timeline/timeline.queries";
import { type Announcer, actorOf } from "./announce";

/**
 * 'Comentar': both ways; a 'Nota interna' only from the teams, and never shown
 * to the requester (docs/decisions/011). Answers the request as it stands.
 */
export async function addComment(
  db: Db,
  announcer: Announcer,
  context: SignedInContext,
  target: { kind: RequestKind; id: string },
  input: CommentInput,
) {
  const { kind, id } = target;
  const user = context.user;
  const after = new AfterCommit();
  const row = await db.transaction(async (tx) => {
    const found = await findRequest(tx, kind, id);
    const role = found ? roleOf(capacityOf(user, kind, found)) : null;
    if (!found || !role) throw notFound();
    if (input.interno && role !== "revisor") {
      const m = reviewMessages.internalForbidden;
      throw new AppError(403, "INTERNAL_NOTE_FORBIDDEN", { title: "Ação não permitida", description: m });
    }
    await appendEvent(tx, {
      subjectKind: kind,
      subjectId: id,
      actor: actorOf(user),
      type: "comentario",
      body: input.texto,
      internal: input.interno,
    });
    await announcer.tell(tx, after, kind, found, {
      by: "comment",
      actor: user,
      headline: input.interno ? "nota interna" : "novo comentário",
      detail: input.interno ? null : input.texto,
      internal: input.interno,
    });
    return found;
  });
  await announcer.flush(after);
  return row;
}
