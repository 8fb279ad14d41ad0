import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CLOSED_STATES } from "@/domain/requests/workflow";
import { users } from "./auth";
import { events, teams } from "./review";

/*
 * The five request kinds (spec §3, §7). reembolso_solicitacoes and
 * material_solicitacoes keep the spec's names and columns; the other three
 * were kept nowhere in the original and follow the same pattern. Money is
 * numeric(12,2), exact, never a float. Every row belongs to its author.
 */
const common = {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status").notNull().default("pendente"),
  // A retried submission with the same Idempotency-Key finds this row instead of making another.
  idempotencyKey: text("idempotency_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  // The review desk (issue 11): who took it, since when it is in its state, and a version that makes
  // two reviewers acting at once one winner and one 409.
  assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
  statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
  version: integer("version").notNull().default(0),
  /**
   * Set while an approval above the kind's policy amount waits for the policy's team. The team
   * cannot be removed meanwhile: the awaited approval never silently disappears (docs/decisions/029).
   */
  pendingApprovalTeamId: uuid("pending_approval_team_id").references(() => teams.id, {
    onDelete: "restrict",
  }),
  /** The team whose approval the request needed (it keeps seeing the request it approved). */
  approvalTeamId: uuid("approval_team_id").references(() => teams.id, { onDelete: "set null" }),
  // Finance and insight (issue 12), kept on the row so a year of requests is read without the events:
  /** The decision (approved, refused, concluded, resolved) and who made it, by name, as the trail keeps it. */
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decidedBy: text("decided_by"),
  /** The last move of the team's work (paid, delivered) and who made it. */
  settledAt: timestamp("settled_at", { withTimezone: true }),
  settledBy: text("settled_by"),
  /**
   * Business minutes the service-level clock ran before the current state
   * began; the current state's own share is added when it is read (or on the next move).
   */
  slaMinutes: integer("sla_minutes").notNull().default(0),
};

/** How a reimbursement or a grant was paid and how much was approved (issue 12). */
const payment = {
  /** 'Valor aprovado': never more than `valor`; null until approved (then the whole value unless less). */
  valorAprovado: numeric("valor_aprovado", { precision: 12, scale: 2 }),
  pagoEm: date("pago_em", { mode: "string" }),
  formaPagamento: text("forma_pagamento"),
};

type RequestColumns = Record<"id" | "userId" | "createdAt" | "idempotencyKey" | "status", ExtraConfigColumn>;

const perUser = (name: string) => (t: RequestColumns) => [
  // "Minhas solicitações": newest first for one user, with a stable tie-break.
  index(`${name}_user_created_idx`).on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  uniqueIndex(`${name}_user_idempotency_idx`).on(t.userId, t.idempotencyKey),
  // 'Caixa de entrada': the open requests, oldest first (the closed states of src/domain/requests/workflow.ts).
  index(`${name}_open_created_idx`)
    .on(t.createdAt, t.id)
    .where(sql.raw(`status not in (${CLOSED_STATES.map((s) => `'${s}'`).join(", ")})`)),
];

export const reembolsoSolicitacoes = pgTable(
  "reembolso_solicitacoes",
  {
    ...common,
    nome: text("nome").notNull(),
    valor: numeric("valor", { precision: 12, scale: 2 }).notNull(),
    data: date("data", { mode: "string" }).notNull(),
    categoria: text("categoria").notNull(),
    descricao: text("descricao").notNull(),
    centroCusto: text("centro_custo").notNull().default("geral"),
    chavePix: text("chave_pix"),
    anexoUrl: text("anexo_url"),
    ...payment,
  },
  perUser("reembolso"),
);

export const bolsaSolicitacoes = pgTable(
  "bolsa_solicitacoes",
  {
    ...common,
    titulo: text("titulo").notNull(),
    tipo: text("tipo").notNull(),
    valor: numeric("valor", { precision: 12, scale: 2 }).notNull(),
    linkPlataforma: text("link_plataforma").notNull(),
    chavePix: text("chave_pix").notNull(),
    valorAgregado: text("valor_agregado").notNull(),
    criadoPor: text("criado_por").notNull(),
    ...payment,
  },
  perUser("bolsa"),
);

export const materialSolicitacoes = pgTable(
  "material_solicitacoes",
  {
    ...common,
    nome: text("nome").notNull(),
    descricao: text("descricao").notNull(),
    motivo: text("motivo").notNull(),
    linkReferencia: text("link_referencia"),
    quantidade: integer("quantidade").notNull(),
    urgencia: text("urgencia").notNull(),
  },
  perUser("material"),
);

export const suporteSolicitacoes = pgTable(
  "suporte_solicitacoes",
  {
    ...common,
    nome: text("nome").notNull(),
    email: text("email").notNull(),
    departamento: text("departamento").notNull(),
    assunto: text("assunto").notNull(),
    descricao: text("descricao").notNull(),
    prioridade: text("prioridade").notNull(),
  },
  perUser("suporte"),
);

export const seoSolicitacoes = pgTable(
  "seo_solicitacoes",
  {
    ...common,
    url: text("url").notNull(),
    tipoAnalise: text("tipo_analise").notNull(),
    nome: text("nome").notNull(),
    email: text("email").notNull(),
    /** The automation's answer, when the immediate attempt got one (shown as the toast's text). */
    resposta: text("resposta"),
  },
  perUser("seo"),
);

/**
 * Files of a request; the bytes live in storage under `storageKey`. Without
 * `eventoId` they are the request's own (sent with it by its author); with it,
 * they came with a move of its workflow (an analysis's result file), shown in
 * the timeline beside that move.
 */
export const anexos = pgTable(
  "anexos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    solicitacaoTipo: text("solicitacao_tipo").notNull(),
    solicitacaoId: uuid("solicitacao_id").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    nomeOriginal: text("nome_original").notNull(),
    nomeArquivo: text("nome_arquivo").notNull(),
    contentType: text("content_type").notNull(),
    tamanho: bigint("tamanho", { mode: "number" }).notNull(),
    eventoId: bigint("evento_id", { mode: "number" }).references(() => events.id),
    /** The bytes' SHA-256 (hex): the same receipt sent twice, by anyone (issue 12). */
    sha256: text("sha256"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("anexos_solicitacao_idx").on(t.solicitacaoTipo, t.solicitacaoId),
    index("anexos_sha256_idx").on(t.sha256),
  ],
);
