import { SUCCESS_TITLE } from "../../messages";

/** The texts of its form and toasts (spec §5, §8); those the spec does not give are marked "ours". */
export const suporteMessages = {
  fields: {
    departamentoRequired: "Por favor selecione um departamento",
    assuntoMin: "Assunto deve ter pelo menos 5 caracteres",
    prioridadeRequired: "Por favor selecione o nível de prioridade",
    descricaoMin10: "Descrição deve ter pelo menos 10 caracteres",
  },
  success: {
    title: SUCCESS_TITLE,
    // ours
    description: "Sua solicitação de suporte foi enviada. Nossa equipe retornará em breve.",
  },
  // Spec §8 gives the description; the title is ours.
  error: {
    title: "Erro ao enviar solicitação",
    description: "Ocorreu um erro ao enviar sua solicitação de suporte. Tente novamente.",
  },
} as const;
