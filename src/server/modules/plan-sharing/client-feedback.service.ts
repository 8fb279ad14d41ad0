import { planMessages } from "@/domain/planning/messages";
import { monthName } from "@/domain/planning/options";
import type { ClientApproveInput, ClientCommentInput } from "@/domain/planning/share-api";
import { shareMessages } from "@/domain/planning/share-api";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { countWrite } from "../../http/throttle";
import { AfterCommit, type Notifier } from "../notifications/notifications.service";
import { insertPlanHistory } from "../planning/planning.queries";
import { approveByClient, insertComment } from "./plan-sharing.queries";
import { APPROVABLE, type LinkAccess, type LinkedPlan, SHARE_RATE_RULES } from "./share-link";

type Deps = { db: Db; notifier: Notifier };

const planLabel = (row: LinkedPlan) =>
  `${row.clientName ?? planMessages.clientMissing} — ${monthName(row.plan.mesReferencia)} de ${row.plan.anoReferencia}`;

const ownerOf = (row: LinkedPlan) => ({ id: row.plan.id, label: planLabel(row), owner: row.owner });

/** The client's comments on posts. */
export function createClientComments({ db, notifier }: Deps, { limit, resolve }: LinkAccess) {
  /** A comment on one post: kept, in the history, and told to the plan's owner (bell and e-mail). */
  async function comment(context: RequestContext, token: string, input: ClientCommentInput) {
    await limit(context, SHARE_RATE_RULES.writePerIp);
    const row = await resolve(token);
    // The client has no account: their link is the person whose comments are counted.
    await countWrite(db, "planComment", row.linkId);
    const post = row.plan
      .calendarioEditorial!.semanas.flatMap((week) => week.posts)
      .find((p) => p.id === input.post_id);
    if (!post) {
      throw new AppError(
        400,
        "VALIDATION",
        { title: planMessages.error, description: shareMessages.postNotFound },
        { post_id: shareMessages.postNotFound },
      );
    }
    const nome = input.nome.trim();
    const texto = input.texto.trim();
    const after = new AfterCommit();
    const saved = await db.transaction(async (tx) => {
      const created = await insertComment(tx, {
        planId: row.plan.id,
        postId: post.id!,
        linkId: row.linkId,
        authorName: nome,
        body: texto,
      });
      await insertPlanHistory(tx, {
        planId: row.plan.id,
        actorKind: "cliente",
        actorName: nome,
        action: "comentario",
        detail: post.titulo,
      });
      await notifier.toPlanOwner(tx, after, ownerOf(row), {
        headline: "novo comentário do cliente",
        detail: `${nome} comentou o post “${post.titulo}”: ${texto.length > 300 ? `${texto.slice(0, 300)}…` : texto}`,
      });
      return created;
    });
    await notifier.flush(after);
    context.log.info({ planId: row.plan.id }, "client commented on a shared plan");
    return { nome: saved.authorName, texto: saved.body, em: saved.createdAt.toISOString() };
  }

  return { comment };
}

/** The client's approval. */
export function createClientApproval({ db, notifier }: Deps, { limit, resolve, publicPlanOf }: LinkAccess) {
  /**
   * The client approves the version they read. Approving again changes nothing
   * (no second history line, no second e-mail); a plan changed since the page
   * was opened is refused (409) so nobody approves what they did not see.
   */
  async function approve(context: RequestContext, token: string, input: ClientApproveInput) {
    await limit(context, SHARE_RATE_RULES.writePerIp);
    const row = await resolve(token);
    if (row.plan.status === "aprovado_cliente") return publicPlanOf(row);
    const nome = input.nome.trim();
    const after = new AfterCommit();
    const approved = await db.transaction(async (tx) => {
      const done = await approveByClient(
        tx,
        { id: row.plan.id, version: input.version, name: nome },
        APPROVABLE,
      );
      if (!done) return false;
      await insertPlanHistory(tx, {
        planId: row.plan.id,
        actorKind: "cliente",
        actorName: nome,
        action: "aprovado_cliente",
      });
      await notifier.toPlanOwner(tx, after, ownerOf(row), {
        headline: "aprovado pelo cliente",
        detail: `Aprovado por ${nome}.`,
      });
      return true;
    });
    const now = await resolve(token);
    if (!approved && now.plan.status !== "aprovado_cliente") {
      throw new AppError(409, "PLAN_CONFLICT", shareMessages.planChanged);
    }
    await notifier.flush(after);
    if (approved) context.log.info({ planId: row.plan.id }, "client approved a shared plan");
    return publicPlanOf(now);
  }

  return { approve };
}
