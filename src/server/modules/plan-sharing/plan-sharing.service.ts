import { createHash, randomBytes } from "node:crypto";
import { planMessages } from "@/domain/planning/messages";
import { monthName } from "@/domain/planning/options";
import type { PlanStatus } from "@/domain/planning/plan";
import {
  type ClientApproveInput,
  type ClientCommentInput,
  PLAN_HISTORY_ACTIONS,
  type PlanClientActivity,
  type PlanHistoryAction,
  type PublicPlan,
  SHARE_LINK_DAYS,
  type ShareLinkCreated,
  shareMessages,
} from "@/domain/planning/share-api";
import { hitRateLimit, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { AppError, notFound, tooManyRequests } from "../../http/errors";
import type { RequestContext, SignedInContext } from "../../http/request-context";
import { countWrite } from "../../http/throttle";
import { AfterCommit, type Notifier } from "../notifications/notifications.service";
import { insertPlanHistory, listPlanHistory } from "../planning/planning.queries";
import {
  approveByClient,
  findOpenLink,
  findOwnPlanState,
  findPlanByLink,
  insertComment,
  insertLink,
  listComments,
  revokeLinks,
} from "./plan-sharing.queries";

/**
 * The public endpoints count every call per IP, known token or not, so
 * guessing links is as slow as guessing passwords; a client reads a plan a
 * few times and writes a few comments. Documented in the README.
 */
export const SHARE_RATE_RULES = {
  readPerIp: { name: "plan-share-read:ip", limit: 300, windowSeconds: 15 * 60 },
  writePerIp: { name: "plan-share-write:ip", limit: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

/** What the client may approve; an approval after the planner's own is welcome too. */
const APPROVABLE: PlanStatus[] = ["gerado", "editado", "aprovado"];
const SHAREABLE: PlanStatus[] = [...APPROVABLE, "aprovado_cliente"];

/** 32 random bytes: the link's only secret; the database keeps its SHA-256. */
const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Unknown, expired, revoked or malformed: one answer, so links cannot be probed. */
const linkInvalid = () => new AppError(404, "SHARE_LINK_INVALID", shareMessages.linkInvalid);

type LinkedPlan = NonNullable<Awaited<ReturnType<typeof findPlanByLink>>>;

export function createPlanSharingService(deps: Deps) {
  const access = createLinkAccess(deps.db);
  const { limit, resolve, publicPlanOf } = access;

  async function publicPlan(context: RequestContext, token: string): Promise<PublicPlan> {
    await limit(context, SHARE_RATE_RULES.readPerIp);
    return publicPlanOf(await resolve(token));
  }

  return {
    ...createPlannerSharing(deps),
    publicPlan,
    ...createClientComments(deps, access),
    ...createClientApproval(deps, access),
  };
}

type Deps = { db: Db; notifier: Notifier; publicUrl: string };

/** The planner's side: sharing, revoking, and what the client did. */
function createPlannerSharing(deps: Deps) {
  const { db } = deps;

  async function ownPlan(context: SignedInContext, planId: string) {
    const plan = await findOwnPlanState(db, context.user.id, planId);
    if (!plan) throw notFound();
    return plan;
  }

  const plannerName = (context: SignedInContext) => context.user.name || context.user.email;

  /** 'Compartilhar com o cliente': a new link, which revokes the one before (one active link per plan). */
  async function createLink(context: SignedInContext, planId: string): Promise<ShareLinkCreated> {
    const plan = await ownPlan(context, planId);
    if (!plan.hasContent || !SHAREABLE.includes(plan.status as PlanStatus)) {
      throw new AppError(409, "PLAN_NOT_READY", {
        title: planMessages.error,
        description: shareMessages.notShareable,
      });
    }
    const token = newToken();
    const link = await db.transaction(async (tx) => {
      await revokeLinks(tx, planId);
      const created = await insertLink(tx, {
        planId,
        tokenHash: hashToken(token),
        createdBy: context.user.id,
        days: SHARE_LINK_DAYS,
      });
      await insertPlanHistory(tx, {
        planId,
        actorKind: "planejador",
        actorName: plannerName(context),
        action: "link_criado",
      });
      return created;
    });
    context.log.info({ planId }, "plan shared with the client");
    return {
      url: `${deps.publicUrl}/cliente/planejamento/${token}`,
      criado_em: link.createdAt.toISOString(),
      expira_em: link.expiresAt.toISOString(),
    };
  }

  /** 'Revogar': the link stops opening the plan at once. */
  async function revokeLink(context: SignedInContext, planId: string) {
    await ownPlan(context, planId);
    await db.transaction(async (tx) => {
      if ((await revokeLinks(tx, planId)) === 0) return;
      await insertPlanHistory(tx, {
        planId,
        actorKind: "planejador",
        actorName: plannerName(context),
        action: "link_revogado",
      });
    });
    context.log.info({ planId }, "plan's client link revoked");
  }

  /** The viewer's 'Cliente' panel: the link's standing, the approval, the comments and the history. */
  async function activity(context: SignedInContext, planId: string): Promise<PlanClientActivity> {
    const plan = await ownPlan(context, planId);
    const [link, comments, history] = await Promise.all([
      findOpenLink(db, planId),
      listComments(db, planId),
      listPlanHistory(db, planId),
    ]);
    return presentActivity(plan, link, comments, history);
  }

  return { createLink, revokeLink, activity };
}

// ---- The client's side: by token, no session -------------------------------------------

/** The link's plan, rate-limited per address, and as the client's page shows it. */
function createLinkAccess(db: Db) {
  async function limit(context: RequestContext, rule: RateRule) {
    const decision = await hitRateLimit(db, rule, context.ip);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  async function resolve(token: string): Promise<LinkedPlan> {
    if (!TOKEN_PATTERN.test(token)) throw linkInvalid();
    const row = await findPlanByLink(db, hashToken(token));
    // A plan generated again after a failure has no content for a while: nothing to show.
    if (!row?.plan.calendarioEditorial || !SHAREABLE.includes(row.plan.status as PlanStatus)) {
      throw linkInvalid();
    }
    return row;
  }

  async function publicPlanOf(row: LinkedPlan): Promise<PublicPlan> {
    const comments = await listComments(db, row.plan.id);
    const byPost = new Map<string, typeof comments>();
    for (const c of comments) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c]);
    return presentPublicPlan(row, byPost);
  }

  return { limit, resolve, publicPlanOf };
}

type LinkAccess = ReturnType<typeof createLinkAccess>;

const planLabel = (row: LinkedPlan) =>
  `${row.clientName ?? planMessages.clientMissing} — ${monthName(row.plan.mesReferencia)} de ${row.plan.anoReferencia}`;

const ownerOf = (row: LinkedPlan) => ({ id: row.plan.id, label: planLabel(row), owner: row.owner });

/** The client's comments on posts. */
function createClientComments({ db, notifier }: Deps, { limit, resolve }: LinkAccess) {
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
function createClientApproval({ db, notifier }: Deps, { limit, resolve, publicPlanOf }: LinkAccess) {
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

/** The viewer's 'Cliente' panel from the plan's link, comments and history rows. */
function presentActivity(
  plan: NonNullable<Awaited<ReturnType<typeof findOwnPlanState>>>,
  link: Awaited<ReturnType<typeof findOpenLink>>,
  comments: Awaited<ReturnType<typeof listComments>>,
  history: Awaited<ReturnType<typeof listPlanHistory>>,
): PlanClientActivity {
  return {
    link: link ? { criado_em: link.createdAt.toISOString(), expira_em: link.expiresAt.toISOString() } : null,
    aprovacao:
      plan.status === "aprovado_cliente" && plan.clientApprovedBy && plan.clientApprovedAt
        ? { nome: plan.clientApprovedBy, em: plan.clientApprovedAt.toISOString() }
        : null,
    comentarios: comments.map((c) => ({
      id: c.id,
      post_id: c.postId,
      nome: c.authorName,
      texto: c.body,
      em: c.createdAt.toISOString(),
    })),
    historico: history
      .filter((h) => h.action in PLAN_HISTORY_ACTIONS)
      .map((h) => ({
        em: h.at.toISOString(),
        quem: h.actorName,
        por: h.actorKind === "cliente" ? ("cliente" as const) : ("planejador" as const),
        acao: h.action as PlanHistoryAction,
        detalhe: h.detail,
      })),
  };
}

/** What the client's page shows, named field by field. */
function presentPublicPlan(
  row: LinkedPlan,
  byPost: Map<string, Awaited<ReturnType<typeof listComments>>>,
): PublicPlan {
  const { plan } = row;
  return {
    cliente: row.clientName,
    mes_referencia: plan.mesReferencia,
    ano_referencia: plan.anoReferencia,
    status: plan.status as PlanStatus,
    version: plan.version,
    expira_em: row.expiresAt.toISOString(),
    aprovacao:
      plan.status === "aprovado_cliente" && plan.clientApprovedBy && plan.clientApprovedAt
        ? { nome: plan.clientApprovedBy, em: plan.clientApprovedAt.toISOString() }
        : null,
    insights_gerais: plan.insightsGerais ?? [],
    pillars: plan.contentPillars?.pillars ?? [],
    // Named field by field: production notes and Bitrix24 tasks stay inside the agency.
    semanas: (plan.calendarioEditorial?.semanas ?? []).map((week) => ({
      semana: String(week.semana),
      data_inicio: week.data_inicio ?? null,
      data_fim: week.data_fim ?? null,
      posts: week.posts
        .filter((post) => post.id)
        .map((post) => ({
          id: post.id!,
          canal: post.canal,
          tipo_post: post.tipo_post,
          titulo: post.titulo,
          cta: post.cta,
          descricao_completa: post.descricao_completa,
          meta_primaria: post.meta_primaria,
          kpi: post.kpi,
          gancho: post.gancho,
          ab_test: post.ab_test,
          data_sugerida: post.data_sugerida ?? null,
          comentarios: (byPost.get(post.id!) ?? []).map((c) => ({
            nome: c.authorName,
            texto: c.body,
            em: c.createdAt.toISOString(),
          })),
        })),
    })),
  };
}

export type PlanSharingService = ReturnType<typeof createPlanSharingService>;
