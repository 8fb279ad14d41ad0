import { addDays } from "../../../dates";
import { defineKindSample, nth } from "../kind-sample";
import { ADVANCE_PURPOSE_VALUES } from "./options";

/** An advance for a trip a week ahead (JSON: the receipts come with the settlement). */
export const adiantamentoSample = defineKindSample({
  body: ({ n, today, mark }) => ({
    valor: "R$ 500,00",
    finalidade: nth(ADVANCE_PURPOSE_VALUES, n),
    descricao: `Viagem ao cliente ${mark}`,
    dataNecessaria: addDays(today, 7),
    chavePix: "529.982.247-25",
  }),
  record: ({ name, email, n, createdAt }) => ({
    nome: name,
    valor: (200 + (n % 1800)).toFixed(2),
    finalidade: nth(ADVANCE_PURPOSE_VALUES, n),
    descricao: `Adiantamento ${n + 1} para a visita ao cliente`,
    dataNecessaria: addDays(createdAt.toISOString().slice(0, 10), 7),
    chavePix: email,
  }),
  ends: { decided: "aprovado", settled: "prestacao_concluida", refused: "recusado" },
});
