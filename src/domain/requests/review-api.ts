import { z } from "zod";
import { FLAG_KINDS, type Flag } from "../finance/flags";
import { financeMessages, PAYMENT_METHODS } from "../finance/payment";
import { PrazoSchema } from "../sla/service-level";
import { REQUEST_KINDS } from "./kinds";
import { REQUEST_ACTIONS, REQUEST_STATES } from "./workflow";

/*
 * The review desk's HTTP contract (decision 011): the queue, the actions, the
 * comments and the timeline, shared by the server's routes and the web.
 */

export const reviewMessages = {
  reasonRequired: "Informe o motivo",
  resultRequired: "Escreva o resultado da análise",
  commentRequired: "Escreva o comentário",
  tooLong: (max: number) => `Deve ter no máximo ${max} caracteres`,
  stateConflict: (label: string) => ({
    title: "A solicitação mudou",
    description: `Ela está agora em '${label}'. Atualize a página para ver o que aconteceu.`,
  }),
  notYourTurn: {
    title: "Ação não permitida",
    description: "Você não pode fazer isso nesta solicitação.",
  },
  ownRequest: {
    title: "Ação não permitida",
    description: "Ninguém decide a própria solicitação.",
  },
  reopenExpired: (days: number) => ({
    title: "Prazo encerrado",
    description: `Uma solicitação resolvida pode ser reaberta em até ${days} dias.`,
  }),
  secondApproval: (team: string) => `Aguardando aprovação de ${team}`,
  internalForbidden: "Apenas a equipe pode escrever notas internas",
  fileNotTaken: "Esta ação não recebe arquivo",
} as const;

export const REASON_MAX = 2000;
export const COMMENT_MAX = 5000;

const reason = z
  .string()
  .trim()
  .max(REASON_MAX, reviewMessages.tooLong(REASON_MAX))
  .optional()
  .transform((value) => value || undefined);

/** `POST /api/solicitacoes/:tipo/:id/acoes`: a move of the request's workflow. */
export const ActionInputSchema = z.object({
  acao: z.enum(REQUEST_ACTIONS),
  /** Refusing, asking for an adjustment or for information, and reopening need one. */
  motivo: reason,
  /** The version the person saw: an older one answers 409 (someone acted in between). */
  versao: z.number().int().nonnegative().optional(),
  /**
   * 'Aprovar' of a reimbursement or a grant: the approved value in cents when less than asked
   * (decision 015).
   */
  valorAprovado: z
    .number({ error: financeMessages.approvedInvalid })
    .int(financeMessages.approvedInvalid)
    .positive(financeMessages.approvedInvalid)
    .max(Number.MAX_SAFE_INTEGER, financeMessages.approvedInvalid)
    .optional(),
  /** 'Aprovar' of a flagged request: the approver has seen the flags (the timeline records it). */
  confirmarAlertas: z.boolean().optional(),
  /** 'Marcar como pago': the day it was paid (default today, São Paulo) and how. */
  pagoEm: z.iso.date({ error: financeMessages.paidDateInvalid }).optional(),
  formaPagamento: z.enum(PAYMENT_METHODS, { error: financeMessages.methodInvalid }).optional(),
  /**
   * 'Concluir' of a page analysis: the result (text). Its optional file comes
   * in a multipart form of the same fields (ACTION_FILE_FIELD).
   */
  resultado: z.string().trim().max(COMMENT_MAX, reviewMessages.tooLong(COMMENT_MAX)).optional(),
});
export type ActionInput = z.infer<typeof ActionInputSchema>;
/** What a client sends (before the schema's defaults and trimming). */
export type ActionRequest = z.input<typeof ActionInputSchema>;

export const CommentInputSchema = z.object({
  texto: z
    .string({ error: reviewMessages.commentRequired })
    .trim()
    .min(1, reviewMessages.commentRequired)
    .max(COMMENT_MAX, reviewMessages.tooLong(COMMENT_MAX)),
  /** 'Nota interna': only the teams read it, never the requester. */
  interno: z.boolean().default(false),
});
export type CommentInput = z.infer<typeof CommentInputSchema>;
export type CommentRequest = z.input<typeof CommentInputSchema>;

/** A stored file as its readers get it: `url` downloads it with the session. */
export const RequestAttachmentSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  contentType: z.string(),
  tamanho: z.number().int(),
  url: z.string(),
});
export type RequestAttachment = z.infer<typeof RequestAttachmentSchema>;

/** Something the server found that deserves a second look before approving (decision 015). */
export const FlagSchema = z.object({ tipo: z.enum(FLAG_KINDS), rotulo: z.string(), explicacao: z.string() });
export type { Flag };

export const PersonSchema = z.object({ nome: z.string(), email: z.string() });

/** One entry of a request's timeline, as its reader may see it. */
export const TimelineEntrySchema = z.object({
  id: z.number().int(),
  em: z.string(),
  autor: z.string(),
  /**
   * `responsavel_liberado`: given back to the queue when whoever had taken it was switched off;
   * `conciliacao`: matched to a bank statement's entry; `substituicao`: handed over while whoever
   * had taken it is away (docs/decisions/060) (all three team only).
   */
  tipo: z.enum([
    "criada",
    "transicao",
    "comentario",
    "edicao",
    "aprovacao_parcial",
    "responsavel_liberado",
    "conciliacao",
    "substituicao",
  ]),
  acao: z.string().nullable(),
  de: z.string().nullable(),
  para: z.string().nullable(),
  motivo: z.string().nullable(),
  texto: z.string().nullable(),
  interno: z.boolean(),
  /** Edits: each changed field's label with the old and the new value as shown. */
  alteracoes: z.array(z.object({ campo: z.string(), de: z.string(), para: z.string() })).nullable(),
  /** The file that came with the move (an analysis's result, a payment's proof). */
  anexos: z.array(RequestAttachmentSchema),
  /** What the move recorded besides its state, in words ('Valor aprovado: R$ 120,00 de R$ 150,00'). */
  notas: z.array(z.string()),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** Entries a request's page carries, and each 'Carregar anteriores' adds (docs/decisions/031). */
export const TIMELINE_PAGE_SIZE = 50;

/** `GET /api/solicitacoes/:tipo/:id/linha-do-tempo`: the entries before `antes` (an entry's id). */
export const TimelineQuerySchema = z.object({ antes: z.coerce.number().int().positive().optional() });

export const TimelinePageSchema = z.object({
  /** Oldest first, as the request's page shows them. */
  itens: z.array(TimelineEntrySchema),
  /** There are entries before these. */
  anteriores: z.boolean(),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;

export const AvailableActionSchema = z.object({
  acao: z.enum(REQUEST_ACTIONS),
  label: z.string(),
  precisaMotivo: z.boolean(),
});

/** Where a request stands, for the person looking at it. */
export const RequestStandingSchema = z.object({
  papel: z.enum(["solicitante", "revisor"]),
  status: z.enum(REQUEST_STATES),
  desde: z.string(),
  /** The teams that have it ('Com Financeiro há 2 dias'); none once it is closed. */
  equipes: z.array(z.string()),
  responsavel: z.object({ id: z.string(), nome: z.string() }).nullable(),
  /** Above the policy amount, after the first approval: the team whose approval is awaited. */
  aguardandoAprovacaoDe: z.string().nullable(),
  solicitante: PersonSchema,
  versao: z.number().int(),
  acoes: z.array(AvailableActionSchema),
  /** Reviewers may write internal notes. */
  podeNotaInterna: z.boolean(),
  /** For reviewers of a reimbursement or a grant: what deserves a second look (none for the requester). */
  alertas: z.array(FlagSchema),
  /** The latest entries (TIMELINE_PAGE_SIZE at most), oldest first. */
  linhaDoTempo: z.array(TimelineEntrySchema),
  /** There are entries before these: `GET …/linha-do-tempo?antes=` reads them. */
  linhaDoTempoAnteriores: z.boolean(),
  /** 'Aguardando ajuste': the reason of the latest 'Pedir ajuste', which the timeline's page may no longer hold. */
  motivoAjuste: z.string().nullable(),
  /**
   * The service level (decision 014): time left for reviewers, the standing only for the requester;
   * null without a target or once closed.
   */
  prazo: PrazoSchema.nullable().optional(),
});
export type RequestStanding = z.infer<typeof RequestStandingSchema>;

export const QueueQuerySchema = z.object({
  tipo: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATES).optional(),
  /** Part of the requester's name or e-mail. */
  solicitante: z.string().trim().max(200).optional(),
  /** Sent on or after / on or before these dates (yyyy-mm-dd, São Paulo). */
  de: z.iso.date().optional(),
  ate: z.iso.date().optional(),
  /** 'Buscar': words of the requests' own texts (each as the start of a word, accents ignored). */
  busca: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

export const QueueItemSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  id: z.uuid(),
  createdAt: z.string(),
  status: z.enum(REQUEST_STATES),
  resumo: z.string(),
  valor: z.number().int().nullable(),
  solicitante: PersonSchema,
  responsavel: z.object({ id: z.string(), nome: z.string() }).nullable(),
  aguardandoAprovacaoDe: z.string().nullable(),
  alertas: z.array(FlagSchema),
  /** The service level (decision 014), as reviewers see it; null without a target. */
  prazo: PrazoSchema.nullable().optional(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

export const QueuePageSchema = z.object({
  items: z.array(QueueItemSchema),
  nextCursor: z.string().nullable(),
});
export type QueuePage = z.infer<typeof QueuePageSchema>;

export const QueueCountSchema = z.object({ aguardando: z.number().int() });
