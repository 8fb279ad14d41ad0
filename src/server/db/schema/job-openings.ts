import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Job openings (spec §3). Lists are text arrays; every allow-listed manager sees and edits all of them. */
export const jobOpenings = pgTable(
  "vagas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The creator may leave the company; the opening stays, without its author.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    titulo: text("titulo").notNull(),
    departamento: text("departamento").notNull(),
    senioridade: text("senioridade").notNull(),
    regime: text("regime").notNull(),
    modeloTrabalho: text("modelo_trabalho").notNull(),
    descricao: text("descricao").notNull(),
    atividades: text("atividades").array().notNull(),
    requisitos: text("requisitos").array().notNull(),
    diferenciais: text("diferenciais").array().notNull(),
    beneficios: text("beneficios").array().notNull(),
    dataCriacao: timestamp("data_criacao", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vagas_data_criacao_idx").on(t.dataCriacao.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
