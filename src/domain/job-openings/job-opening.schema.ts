import { z } from "zod";
import { choiceField, choiceFieldWithDefault, LONG_TEXT_MAX, textField } from "../requests/fields";
import {
  DEFAULT_REGIME,
  DEFAULT_WORK_MODEL,
  JOB_OPENING_DEPARTMENT_VALUES,
  REGIME_VALUES,
  SENIORITY_VALUES,
  WORK_MODEL_VALUES,
} from "./options";

export const jobOpeningMessages = {
  tituloMin: "Título deve ter pelo menos 3 caracteres",
  departamentoMin: "Departamento deve ter pelo menos 3 caracteres",
  senioridadeRequired: "Por favor selecione a senioridade",
  regimeRequired: "Por favor selecione o regime de contratação",
  modeloTrabalhoRequired: "Por favor selecione o modelo de trabalho",
  descricaoMin: "Descrição deve ter pelo menos 10 caracteres",
  atividadesRequired: "Adicione pelo menos uma atividade",
  requisitosRequired: "Adicione pelo menos um requisito",
  // ours: the spec lists the departments but gives no message for another value.
  departamentoUnknown: "Por favor selecione um departamento",
  // ours: upper bounds the spec does not set.
  tooManyItems: (max: number) => `Adicione no máximo ${max} itens`,
  itemTooLong: (max: number) => `Cada item deve ter no máximo ${max} caracteres`,
} as const;

const MAX_ITEMS = 50;
const MAX_ITEM_LENGTH = 500;

/**
 * Spec §2 list inputs (atividades, requisitos, diferenciais, beneficios): text
 * is trimmed and empty text ignored; `required` is the message when none is left.
 */
export function listField(required?: string) {
  const items = z
    .array(z.string().max(MAX_ITEM_LENGTH, jobOpeningMessages.itemTooLong(MAX_ITEM_LENGTH)), {
      error: required,
    })
    .default([])
    .transform((list) => list.map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.string()).max(MAX_ITEMS, jobOpeningMessages.tooManyItems(MAX_ITEMS)));
  return required ? items.refine((list) => list.length > 0, required) : items;
}

/** Spec §5 Vaga, with the defaults of spec §5 (regime clt, modelo_trabalho remoto). */
export const JobOpeningInputSchema = z.object({
  titulo: textField(3, jobOpeningMessages.tituloMin),
  departamento: textField(3, jobOpeningMessages.departamentoMin).pipe(
    z.enum(JOB_OPENING_DEPARTMENT_VALUES, { error: jobOpeningMessages.departamentoUnknown }),
  ),
  senioridade: choiceField(SENIORITY_VALUES, jobOpeningMessages.senioridadeRequired),
  regime: choiceFieldWithDefault(REGIME_VALUES, DEFAULT_REGIME, jobOpeningMessages.regimeRequired),
  modelo_trabalho: choiceFieldWithDefault(
    WORK_MODEL_VALUES,
    DEFAULT_WORK_MODEL,
    jobOpeningMessages.modeloTrabalhoRequired,
  ),
  descricao: textField(10, jobOpeningMessages.descricaoMin, LONG_TEXT_MAX),
  atividades: listField(jobOpeningMessages.atividadesRequired),
  requisitos: listField(jobOpeningMessages.requisitosRequired),
  diferenciais: listField(),
  beneficios: listField(),
});
export type JobOpeningInput = z.infer<typeof JobOpeningInputSchema>;
export type JobOpeningFormValues = z.input<typeof JobOpeningInputSchema>;

export const jobOpeningToasts = {
  created: { title: "Vaga criada com sucesso!" },
  updated: { title: "Vaga atualizada com sucesso!" },
  deleted: { title: "Vaga excluída com sucesso" },
  createFailed: { title: "Erro ao criar vaga", description: "Ocorreu um erro. Tente novamente." },
  updateFailed: { title: "Erro ao atualizar vaga", description: "Ocorreu um erro. Tente novamente." },
  loadFailed: {
    title: "Erro ao carregar vagas",
    description: "Não foi possível carregar as vagas cadastradas.",
  },
  deleteFailed: {
    title: "Erro ao excluir vaga",
    description: "Não foi possível excluir a vaga. Tente novamente.",
  },
  confirmDelete: "Tem certeza que deseja excluir esta vaga?",
  empty: "Você ainda não tem vagas cadastradas",
  loading: "Carregando vagas...",
} as const;
