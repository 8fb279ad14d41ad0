import { COST_CENTRE_VALUES } from "../../options";
import { defineKindSample, nth } from "../kind-sample";
import { REIMBURSEMENT_TYPE_VALUES } from "./options";

/** A reimbursement of today with one receipt (multipart: every value a string). */
export const reembolsoSample = defineKindSample({
  body: ({ n, today, mark }) => ({
    data: today,
    tipo: nth(REIMBURSEMENT_TYPE_VALUES, n),
    valor: "R$ 150,00",
    centroCusto: nth(COST_CENTRE_VALUES, n),
    chavePix: "529.982.247-25",
    descricao: `Despesa ${mark}`,
  }),
  record: ({ name, n, createdAt }) => ({
    nome: name,
    valor: (10 + (n % 490)).toFixed(2),
    data: createdAt.toISOString().slice(0, 10),
    categoria: nth(REIMBURSEMENT_TYPE_VALUES, n),
    descricao: `Despesa ${n + 1} da visita ao cliente`,
    centroCusto: nth(COST_CENTRE_VALUES, n),
  }),
  ends: { decided: "aprovado", settled: "pago", refused: "recusado" },
});
