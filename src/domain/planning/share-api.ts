import { z } from "zod";
import { PlanContentAnswerSchema, PlanPostAnswerSchema, planVersionField } from "./api";
import { PLAN_STATUSES } from "./plan";

/*
 * 'Compartilhar com o cliente' (decision 020): the planner's link to
 * a read-only page of the plan, where the client approves it or comments on a
 * post. The HTTP contract of both sides: the planner's (signed in, under
 * /api/planejamentos/:id) and the client's (public, under
 * /api/publico/planejamentos/:token), which names no user, e-mail, internal
 * field or Bitrix24 task.
 */

/** How long a link opens the plan. */
export const SHARE_LINK_DAYS = 30;
export const CLIENT_NAME_MAX = 120;
export const CLIENT_COMMENT_MAX = 2000;

export const shareMessages = {
  linkInvalid: {
    title: "Link indisponível",
    description:
      "Este link de planejamento não existe, expirou ou foi revogado. Peça um novo link a quem o enviou.",
  },
  nameRequired: "Informe o seu nome",
  nameTooLong: `O nome deve ter no máximo ${CLIENT_NAME_MAX} caracteres`,
  commentRequired: "Escreva o comentário",
  commentTooLong: `O comentário deve ter no máximo ${CLIENT_COMMENT_MAX} caracteres`,
  postRequired: "Escolha o post a comentar",
  postNotFound: "Post não encontrado neste planejamento.",
  planChanged: {
    title: "Planejamento atualizado",
    description:
      "O planejamento mudou depois que você abriu esta página. Recarregue para ver a versão atual antes de aprovar.",
  },
  notShareable: "Só é possível compartilhar um planejamento já gerado.",
  // The planner's side
  share: "Compartilhar com o cliente",
  linkCreated: "Link criado. Copie e envie ao cliente.",
  linkCopied: "Link copiado.",
  revoke: "Revogar",
  revoked: "Link revogado: ele não abre mais o planejamento.",
  shareFailed: "Erro ao compartilhar o planejamento. Tente novamente.",
  // The client's side
  approve: "Aprovar planejamento",
  approvedTitle: "Planejamento aprovado",
  approvedDescription: "Obrigado! A agência foi avisada da sua aprovação.",
  commentSent: "Comentário enviado. A agência foi avisada.",
  sendFailed: "Não foi possível enviar. Tente novamente.",
} as const;

/** Planner's history actions, with the labels the viewer shows. */
export const PLAN_HISTORY_ACTIONS = {
  editado: "Editou o planejamento",
  aprovado: "Aprovou o planejamento",
  link_criado: "Criou um link para o cliente",
  link_revogado: "Revogou o link do cliente",
  comentario: "Comentou um post",
  aprovado_cliente: "Aprovado pelo cliente",
} as const;
export type PlanHistoryAction = keyof typeof PLAN_HISTORY_ACTIONS;

const clientName = z
  .string({ error: shareMessages.nameRequired })
  .trim()
  .min(1, shareMessages.nameRequired)
  .max(CLIENT_NAME_MAX, shareMessages.nameTooLong);

// --- The planner's side (signed in, the plan's owner) ------------------------

/** `POST /api/planejamentos/:id/compartilhamento`: the link, shown once (only its hash is kept). */
export const ShareLinkCreatedSchema = z.object({
  url: z.string(),
  criado_em: z.string(),
  expira_em: z.string(),
});
export type ShareLinkCreated = z.infer<typeof ShareLinkCreatedSchema>;

export const PlanClientCommentSchema = z.object({
  id: z.uuid(),
  post_id: z.string(),
  nome: z.string(),
  texto: z.string(),
  em: z.string(),
});
export type PlanClientComment = z.infer<typeof PlanClientCommentSchema>;

export const PlanHistoryEntrySchema = z.object({
  em: z.string(),
  quem: z.string(),
  /** 'planejador' or 'cliente'. */
  por: z.enum(["planejador", "cliente"]),
  acao: z.enum(Object.keys(PLAN_HISTORY_ACTIONS) as [PlanHistoryAction, ...PlanHistoryAction[]]),
  detalhe: z.string().nullable(),
});
export type PlanHistoryEntry = z.infer<typeof PlanHistoryEntrySchema>;

/** `GET /api/planejamentos/:id/cliente`: the link's standing, the client's comments and the plan's history. */
export const PlanClientActivitySchema = z.object({
  /** The active link (not revoked, not expired); its address was shown when it was made. */
  link: z.object({ criado_em: z.string(), expira_em: z.string() }).nullable(),
  aprovacao: z.object({ nome: z.string(), em: z.string() }).nullable(),
  comentarios: z.array(PlanClientCommentSchema),
  historico: z.array(PlanHistoryEntrySchema),
});
export type PlanClientActivity = z.infer<typeof PlanClientActivitySchema>;

// --- The client's side (public, by token) ------------------------------------

/** Any text: a token of the wrong shape is as unknown as a revoked one (404), never a 400 that tells them apart. */
export const ShareTokenParamsSchema = z.object({ token: z.string().max(200) });

/** A post as the client reads it: the plan's own fields but the agency's production notes and Bitrix24 task. */
const PublicPostSchema = PlanPostAnswerSchema.pick({
  canal: true,
  tipo_post: true,
  titulo: true,
  cta: true,
  descricao_completa: true,
  meta_primaria: true,
  kpi: true,
  gancho: true,
  ab_test: true,
  data_sugerida: true,
}).extend({
  id: z.string(),
  comentarios: z.array(z.object({ nome: z.string(), texto: z.string(), em: z.string() })),
});
export type PublicPost = z.infer<typeof PublicPostSchema>;

/** `GET /api/publico/planejamentos/:token`: the plan as the client reads it. */
export const PublicPlanSchema = z.object({
  cliente: z.string().nullable(),
  mes_referencia: z.string(),
  ano_referencia: z.string(),
  status: z.enum(PLAN_STATUSES),
  /** Sent back with an approval: a plan changed since the page was opened is not approved blindly. */
  version: z.number().int(),
  expira_em: z.string(),
  aprovacao: z.object({ nome: z.string(), em: z.string() }).nullable(),
  insights_gerais: z.array(z.string()),
  pillars: PlanContentAnswerSchema.shape.content_pillars.shape.pillars,
  semanas: z.array(
    PlanContentAnswerSchema.shape.calendario_editorial.shape.semanas.element.extend({
      posts: z.array(PublicPostSchema),
    }),
  ),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;

/** `POST /api/publico/planejamentos/:token/comentarios`. */
export const ClientCommentInputSchema = z.object({
  post_id: z.string({ error: shareMessages.postRequired }).min(1, shareMessages.postRequired).max(64),
  nome: clientName,
  texto: z
    .string({ error: shareMessages.commentRequired })
    .trim()
    .min(1, shareMessages.commentRequired)
    .max(CLIENT_COMMENT_MAX, shareMessages.commentTooLong),
});
export type ClientCommentInput = z.input<typeof ClientCommentInputSchema>;

export const ClientCommentCreatedSchema = z.object({ nome: z.string(), texto: z.string(), em: z.string() });

/** `POST /api/publico/planejamentos/:token/aprovar`. */
export const ClientApproveInputSchema = z.object({
  nome: clientName,
  version: planVersionField,
});
export type ClientApproveInput = z.input<typeof ClientApproveInputSchema>;
