import { createHash, randomBytes } from "node:crypto";
import type { PlanStatus } from "@/domain/planning/plan";
import { type PublicPlan, shareMessages } from "@/domain/planning/share-api";
import { hitRateLimit, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { AppError, tooManyRequests } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { findPlanByLink, listComments } from "./plan-sharing.queries";

/* The client's link: its token, its limits, and the plan it opens as the client's page shows it. */

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
export const APPROVABLE: PlanStatus[] = ["gerado", "editado", "aprovado"];
export const SHAREABLE: PlanStatus[] = [...APPROVABLE, "aprovado_cliente"];

/** 32 random bytes: the link's only secret; the database keeps its SHA-256. */
export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Unknown, expired, revoked or malformed: one answer, so links cannot be probed. */
const linkInvalid = () => new AppError(404, "SHARE_LINK_INVALID", shareMessages.linkInvalid);

export type LinkedPlan = NonNullable<Awaited<ReturnType<typeof findPlanByLink>>>;

/** The link's plan, rate-limited per address, and as the client's page shows it. */
export function createLinkAccess(db: Db) {
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

export type LinkAccess = ReturnType<typeof createLinkAccess>;

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
