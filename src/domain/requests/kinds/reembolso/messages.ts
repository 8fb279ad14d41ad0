import { SUCCESS_TITLE, sendFailed } from "../../messages";

/** The texts of its form and toasts (spec §5, §8); those the spec does not give are marked "ours". */
export const reembolsoMessages = {
  fields: {
    // ours: the spec only disables these dates in the picker (§5 Reimbursement).
    dataOutOfWindow: "Data fora do período permitido",
    tipoDespesaRequired: "Por favor selecione um tipo de despesa",
    // ours: the spec gives the field a default and no message.
    centroCustoInvalid: "Por favor selecione um centro de custo",
  },
  success: {
    title: SUCCESS_TITLE,
    // ours: the spec asks for tailored descriptions without giving them.
    description: "Sua solicitação de reembolso foi registrada e será analisada em breve.",
  },
  // ours: spec §7, the key could not be saved although the request was.
  successWithoutPixKey: {
    title: SUCCESS_TITLE,
    description:
      "Sua solicitação de reembolso foi registrada, mas não foi possível salvar a chave PIX. Informe-a ao financeiro.",
  },
  error: sendFailed,
} as const;
