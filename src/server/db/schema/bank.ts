import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { requests } from "./requests";

/*
 * Paying through the bank (docs/decisions/059): the account payments leave from, the remittance
 * files sent (each with the payments it carried), the return files read (once each), and the
 * statement entries matched to payments. Money is numeric(12,2), never a float.
 */

/** 'Conta pagadora': one row, set by administrators; its file counter numbers the remittances. */
export const payingAccount = pgTable(
  "conta_pagadora",
  {
    id: integer("id").primaryKey().default(1),
    /** The bank profile the files are written in (src/domain/finance/cnab240/profiles.ts). */
    perfil: text("perfil").notNull(),
    banco: text("banco").notNull(),
    agencia: text("agencia").notNull(),
    agenciaDigito: text("agencia_digito"),
    conta: text("conta").notNull(),
    contaDigito: text("conta_digito").notNull(),
    cnpj: text("cnpj").notNull(),
    razaoSocial: text("razao_social").notNull(),
    convenio: text("convenio").notNull(),
    /** The number the next remittance file takes (sequential, never reused). */
    proximoArquivo: integer("proximo_arquivo").notNull().default(1),
    atualizadoEm: timestamp("atualizado_em", { withTimezone: true }).notNull().defaultNow(),
    atualizadoPor: text("atualizado_por").references(() => users.id, { onDelete: "set null" }),
  },
  () => [check("conta_pagadora_one_row", sql`id = 1`)],
);

/** A remittance file as it was written: downloaded again at any time, its number never reused. */
export const remittances = pgTable("remessas_bancarias", {
  id: uuid("id").primaryKey().defaultRandom(),
  numero: integer("numero").notNull().unique(),
  perfil: text("perfil").notNull(),
  nomeArquivo: text("nome_arquivo").notNull(),
  /** The file's text (ISO-8859-1 characters only), as sent to the bank. */
  conteudo: text("conteudo").notNull(),
  dataPagamento: date("data_pagamento", { mode: "string" }).notNull(),
  quantidade: integer("quantidade").notNull(),
  total: numeric("total", { precision: 14, scale: 2 }).notNull(),
  criadaEm: timestamp("criada_em", { withTimezone: true }).notNull().defaultNow(),
  criadaPor: text("criada_por").references(() => users.id, { onDelete: "set null" }),
});

/** Each payment a remittance carried, by the reference the bank gives back in its return. */
export const remittanceItems = pgTable(
  "remessa_itens",
  {
    remessaId: uuid("remessa_id")
      .notNull()
      .references(() => remittances.id, { onDelete: "cascade" }),
    solicitacaoId: uuid("solicitacao_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    referencia: text("referencia").notNull(),
    valor: numeric("valor", { precision: 12, scale: 2 }).notNull(),
    /** 'enviado' until the return says 'pago', 'recusado' or 'agendado'. */
    situacao: text("situacao").notNull().default("enviado"),
  },
  (t) => [
    primaryKey({ columns: [t.remessaId, t.solicitacaoId] }),
    index("remessa_itens_referencia_idx").on(t.referencia),
    // A payment's files, looked up per payment by the statement's matching (docs/bench.md, the bank).
    index("remessa_itens_solicitacao_idx").on(t.solicitacaoId),
  ],
);

/** A return file read: the same file twice (by its bytes, or by the bank's own identity) changes nothing. */
export const bankReturns = pgTable("retornos_bancarios", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** SHA-256 of the file's bytes. */
  hash: text("hash").notNull().unique(),
  /** The bank's identity of the file (bank, file number, generation date and time). */
  chave: text("chave").notNull().unique(),
  recebidoEm: timestamp("recebido_em", { withTimezone: true }).notNull().defaultNow(),
  recebidoPor: text("recebido_por").references(() => users.id, { onDelete: "set null" }),
  /** What it did: the counts and the lines it could not read, as answered then. */
  resumo: jsonb("resumo").$type<Record<string, unknown>>().notNull(),
});

/** A statement uploaded to reconcile: its debits, kept for the confirmations that follow. */
export const statements = pgTable("extratos_bancarios", {
  id: uuid("id").primaryKey().defaultRandom(),
  conta: text("conta").notNull(),
  lancamentos: jsonb("lancamentos").$type<Record<string, unknown>[]>().notNull(),
  enviadoEm: timestamp("enviado_em", { withTimezone: true }).notNull().defaultNow(),
  enviadoPor: text("enviado_por").references(() => users.id, { onDelete: "set null" }),
});

/** A statement entry confirmed as a payment: each entry and each payment reconciled once. */
export const reconciliations = pgTable(
  "conciliacoes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    solicitacaoId: uuid("solicitacao_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    conta: text("conta").notNull(),
    fitid: text("fitid").notNull(),
    data: date("data", { mode: "string" }).notNull(),
    valor: numeric("valor", { precision: 12, scale: 2 }).notNull(),
    descricao: text("descricao").notNull(),
    confirmadoEm: timestamp("confirmado_em", { withTimezone: true }).notNull().defaultNow(),
    confirmadoPor: text("confirmado_por").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("conciliacoes_lancamento_idx").on(t.conta, t.fitid),
    uniqueIndex("conciliacoes_solicitacao_idx").on(t.solicitacaoId),
  ],
);
