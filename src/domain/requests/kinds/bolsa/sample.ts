import { defineKindSample, nth } from "../kind-sample";
import { SCHOLARSHIP_TYPE_VALUES } from "./options";

/** A course with its quote (multipart: every value a string). */
export const bolsaSample = defineKindSample({
  body: ({ n, email, mark }) => ({
    titulo: `Curso ${mark}`,
    tipo: nth(SCHOLARSHIP_TYPE_VALUES, n),
    valor: "R$ 800,00",
    linkPlataforma: "https://cursos.example/react",
    chavePix: email,
    valorAgregado: "Aplicar nos projetos dos clientes",
  }),
  record: ({ name, email, n }) => ({
    titulo: `Curso ${n + 1}`,
    tipo: nth(SCHOLARSHIP_TYPE_VALUES, n),
    valor: (100 + (n % 900)).toFixed(2),
    linkPlataforma: `https://cursos.example/${n + 1}`,
    chavePix: email,
    valorAgregado: "Aplicar no atendimento aos clientes",
    criadoPor: name,
  }),
  ends: { decided: "aprovado", settled: "pago", refused: "recusado" },
});
