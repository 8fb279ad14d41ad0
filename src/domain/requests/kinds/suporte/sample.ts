import { defineKindSample, nth } from "../kind-sample";
import { PRIORITY_VALUES, SUPPORT_DEPARTMENT_VALUES } from "./options";

/** A ticket to the departments in turn (JSON). */
export const suporteSample = defineKindSample({
  body: ({ n, mark }) => ({
    departamento: nth(SUPPORT_DEPARTMENT_VALUES, n + 1),
    assunto: `Acesso ${mark}`,
    descricao: "Preciso de acesso ao sistema de ponto.",
    prioridade: "alta",
  }),
  record: ({ name, email, n }) => ({
    nome: name,
    email,
    departamento: nth(SUPPORT_DEPARTMENT_VALUES, n),
    assunto: `Chamado ${n + 1}`,
    descricao: "O computador não liga depois da atualização.",
    prioridade: nth(PRIORITY_VALUES, n),
  }),
  ends: { decided: "resolvido", settled: null, refused: "resolvido" },
});
