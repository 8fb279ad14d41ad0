import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { requests } from "./requests";

/*
 * Time off as HR keeps it (docs/decisions/060): the office's calendar (the optional days the agency
 * observes, and its own days), each person's admission date and unjustified absences (the CLT's
 * vacation balance), the hour bank, the secret addresses of the calendar feeds, and each reviewer's
 * substitute. People are keyed by e-mail where HR records them before they ever sign in (a CSV of
 * admissions), as the teams' members are; by account where only a signed-in person acts.
 */

/** 'Feriados': one row, the optional days (src/domain/calendar OPTIONAL_DAYS keys) the agency observes. */
export const officeCalendar = pgTable(
  "calendario_escritorio",
  {
    id: integer("id").primaryKey().default(1),
    facultativos: text("facultativos").array().notNull().default(sql`'{}'::text[]`),
    atualizadoEm: timestamp("atualizado_em", { withTimezone: true }).notNull().defaultNow(),
    atualizadoPor: text("atualizado_por").references(() => users.id, { onDelete: "set null" }),
  },
  () => [check("calendario_escritorio_one_row", sql`id = 1`)],
);

/** 'Adicionar dia da agência': a recess, 24 or 31 December; one per date. */
export const agencyDays = pgTable("dias_da_agencia", {
  id: uuid("id").primaryKey().defaultRandom(),
  data: date("data", { mode: "string" }).notNull().unique(),
  nome: text("nome").notNull(),
  criadoEm: timestamp("criado_em", { withTimezone: true }).notNull().defaultNow(),
  criadoPor: text("criado_por").references(() => users.id, { onDelete: "set null" }),
});

/** 'Data de admissão', by lower-case e-mail: set by administrators and RH, one by one or from a CSV. */
export const staffRecords = pgTable("dados_funcionais", {
  email: text("email").primaryKey(),
  dataAdmissao: date("data_admissao", { mode: "string" }).notNull(),
  atualizadoEm: timestamp("atualizado_em", { withTimezone: true }).notNull().defaultNow(),
  atualizadoPor: text("atualizado_por").references(() => users.id, { onDelete: "set null" }),
});

/** An unjustified absence RH recorded (art. 130 of the CLT reduces the vacation it falls in). */
export const unjustifiedAbsences = pgTable(
  "faltas_injustificadas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    data: date("data", { mode: "string" }).notNull(),
    observacao: text("observacao"),
    registradoEm: timestamp("registrado_em", { withTimezone: true }).notNull().defaultNow(),
    registradoPor: text("registrado_por").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("faltas_injustificadas_dia_idx").on(t.email, t.data)],
);

/**
 * 'Banco de horas': minutes credited (positive, by RH or a manager) or debited (negative, by an
 * approved 'Banco de horas' absence, which names its request: one debit per request).
 */
export const hourBank = pgTable(
  "banco_de_horas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    minutos: integer("minutos").notNull(),
    data: date("data", { mode: "string" }).notNull(),
    motivo: text("motivo").notNull(),
    solicitacaoId: uuid("solicitacao_id").references(() => requests.id, { onDelete: "set null" }),
    registradoEm: timestamp("registrado_em", { withTimezone: true }).notNull().defaultNow(),
    registradoPor: text("registrado_por").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("banco_de_horas_pessoa_idx").on(t.email, t.data),
    uniqueIndex("banco_de_horas_solicitacao_idx").on(t.solicitacaoId),
    check("banco_de_horas_minutos", sql`minutos <> 0`),
  ],
);

/** 'Assinar calendário': the hash of each person's secret feed address ('Gerar novo link' replaces it). */
export const calendarFeeds = pgTable("assinaturas_calendario", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  criadoEm: timestamp("criado_em", { withTimezone: true }).notNull().defaultNow(),
});

/** 'Substituto': who takes a reviewer's requests while the reviewer is away. */
export const substitutes = pgTable("substitutos", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  substitutoId: text("substituto_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  atualizadoEm: timestamp("atualizado_em", { withTimezone: true }).notNull().defaultNow(),
});
