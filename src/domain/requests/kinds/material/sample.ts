import { defineKindSample, nth } from "../kind-sample";
import { URGENCY_VALUES } from "./options";

/** A monitor for the desk (JSON). */
export const materialSample = defineKindSample({
  body: ({ n, name, mark }) => ({
    nome: name,
    descricao: `Monitor ${mark}`,
    motivo: "Tela atual quebrou",
    quantidade: 1,
    urgencia: nth(URGENCY_VALUES, n + 1),
  }),
  record: ({ name, n }) => ({
    nome: name,
    descricao: `Material ${n + 1}`,
    motivo: "Reposição do escritório",
    quantidade: 1 + (n % 5),
    urgencia: nth(URGENCY_VALUES, n),
  }),
  ends: { decided: "aprovado", settled: "entregue", refused: "recusado" },
});
