import { SUCCESS_TITLE, sendFailed } from "../../messages";

/** The texts of its form and toasts (spec §5, §8); those the spec does not give are marked "ours". */
export const materialMessages = {
  fields: {
    motivoMin: "Motivo deve ter pelo menos 5 caracteres",
    linkReferenciaInvalid: "Deve ser uma URL válida",
    quantidadeInvalid: "Quantidade deve ser um número maior que zero",
    // ours: the column is a 32-bit integer.
    quantidadeTooLarge: "Quantidade muito alta",
    urgenciaRequired: "Por favor selecione o nível de urgência",
  },
  success: {
    title: SUCCESS_TITLE,
    // ours
    description: "Sua solicitação de material foi registrada e será analisada em breve.",
  },
  error: sendFailed,
} as const;
