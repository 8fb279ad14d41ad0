import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { events, teams } from "./review";

/** The unique index that keeps a note's key on one live reimbursement. */
export const RECEIPT_KEY_INDEX = "requests_receipt_key_idx";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Accented letters and what they fold to, for 'Buscar' (the query folds its words the same way). */
export const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
export const FOLDED = "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN";

/*
 * Every request of every kind in one table (docs/decisions/034-one-requests-table.md).
 * The columns are what all kinds share: who, the state and the review desk's
 * bookkeeping, the decision and the settlement, and the fields finance, the
 * queue and the Painel read across kinds (the amount, the approved amount, the
 * expense's date and type, the cost centre, the PIX key, the routed value).
 * Each kind's own fields are `dados`, written only through the request store,
 * which checks them against the kind. Money is numeric(12,2), never a float.
 */

export const requests = pgTable(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pendente"),
    // A retried submission with the same Idempotency-Key finds this row instead of making another.
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Who took it, since when it is in its state, and a version that makes two reviewers acting at
    // once one winner and one 409 (docs/decisions/011).
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The reviewer away whose request this is, when it went to their 'Substituto' (docs/decisions/060):
     * the timeline says 'substituindo' them; null once it is the assignee's own again.
     */
    substitutingId: text("substituindo_id").references(() => users.id, { onDelete: "set null" }),
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
    /**
     * Still asks something of someone: not in a closed state of its kind's workflow. Kept by every
     * move (docs/decisions/037), so the open requests' indexes hold whatever states a kind adds.
     */
    aberta: boolean("aberta").notNull().default(true),
    /** What was asked, for the kinds that pay (src/domain/requests/kinds/stored-columns.ts). */
    valor: numeric("valor", { precision: 12, scale: 2 }),
    /** 'Valor aprovado': never more than `valor`; null until approved (then the whole value unless less). */
    valorAprovado: numeric("valor_aprovado", { precision: 12, scale: 2 }),
    pagoEm: date("pago_em", { mode: "string" }),
    formaPagamento: text("forma_pagamento"),
    dataDespesa: date("data_despesa", { mode: "string" }),
    tipoDespesa: text("tipo_despesa"),
    centroCusto: text("centro_custo"),
    chavePix: text("chave_pix"),
    /** The value a kind is routed by (a support ticket's department). */
    rota: text("rota"),
    /** The kind's own fields, by their record names. */
    dados: jsonb("dados").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * 'Buscar': the words of the kind's own texts, accents folded so 'almoco'
     * finds 'Almoço' (PGlite has no unaccent; docs/decisions/034).
     */
    busca: tsvector("busca").generatedAlwaysAs(
      sql.raw(
        `jsonb_to_tsvector('simple', translate(dados::text, '${ACCENTED}', '${FOLDED}')::jsonb, '["string"]')`,
      ),
    ),
  },
  (t) => [
    // 'Minhas solicitações': newest first for one user, with a stable tie-break.
    index("requests_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex("requests_user_kind_idempotency_idx").on(t.userId, t.kind, t.idempotencyKey),
    // 'Caixa de entrada': the open requests, oldest first (the closed states of src/domain/requests/workflow.ts).
    index("requests_open_created_idx").on(t.createdAt, t.id).where(sql`aberta`),
    // The export and the Painel read one kind, or all, over a period.
    index("requests_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("requests_created_idx").on(t.createdAt, t.id),
    index("requests_decided_idx").on(t.decidedAt).where(sql`decided_at is not null`),
    // 'Conciliar extrato': the payments sent or paid lately, among years of paid ones.
    index("requests_settled_changed_idx")
      .on(t.statusChangedAt)
      .where(sql`status in ('enviado_ao_banco', 'pago')`),
    index("requests_pending_team_idx")
      .on(t.pendingApprovalTeamId)
      .where(sql`pending_approval_team_id is not null`),
    index("requests_approval_team_idx").on(t.approvalTeamId).where(sql`approval_team_id is not null`),
    index("requests_busca_idx").using("gin", t.busca),
    // 'Buscar' in 'Caixa de entrada': the open requests' words alone. A short prefix ('ana') matches a
    // large share of every request's words, which the whole index reads before any other condition
    // cuts them down; the queue looks for open ones, a few thousand (docs/bench.md, 'Scale').
    index("requests_open_busca_idx").using("gin", t.busca).where(sql`aberta`),
    // A note (NF-e/NFC-e access key) reimburses once: two sends of the same key at once cannot both
    // be stored; a refused or cancelled request frees it (modules/requests/kind-guards.ts).
    uniqueIndex(RECEIPT_KEY_INDEX)
      .on(sql`(${t.dados}->>'chaveNota')`)
      .where(
        sql`kind = 'reembolso' and status not in ('cancelada', 'recusado') and (dados->>'chaveNota') is not null`,
      ),
    // 'Quem está fora' (modules/absences): a month's approved absences are those ending on or after its
    // first day, a few among years of them (docs/bench.md, 'Time off').
    index("requests_absence_last_day_idx")
      .on(sql`(${t.dados}->>'ultimoDia')`)
      .where(sql`kind = 'ausencia' and status = 'aprovado'`),
  ],
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
    solicitacaoId: uuid("solicitacao_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    nomeOriginal: text("nome_original").notNull(),
    nomeArquivo: text("nome_arquivo").notNull(),
    contentType: text("content_type").notNull(),
    tamanho: bigint("tamanho", { mode: "number" }).notNull(),
    eventoId: bigint("evento_id", { mode: "number" }).references(() => events.id),
    /** The bytes' SHA-256 (hex): the same receipt sent twice, by anyone (decision 015). */
    sha256: text("sha256"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("anexos_solicitacao_idx").on(t.solicitacaoTipo, t.solicitacaoId),
    index("anexos_sha256_idx").on(t.sha256),
  ],
);
