import { SUCCESS_TITLE, sendFailed } from "../../messages";

/** The texts of the advance's form, its settlement and its refusals (ours: pt-BR, as the other kinds'). */
export const adiantamentoMessages = {
  fields: {
    finalidadeRequired: "Por favor selecione a finalidade",
    descricaoMin: "Descrição deve ter pelo menos 10 caracteres",
    dataNecessariaRequired: "Por favor selecione a data em que precisa do dinheiro",
    dataNecessariaOutOfWindow: "A data deve ser de hoje até 180 dias",
  },
  success: {
    title: SUCCESS_TITLE,
    description:
      "Seu pedido de adiantamento foi registrado. Depois de pago, preste contas com os comprovantes até o prazo.",
  },
  error: sendFailed,
  /** Refused by the server and shown on the form before it is filled. */
  overdue: (deadline: string) => ({
    title: "Há um adiantamento com a prestação de contas atrasada",
    description: `O prazo para prestar contas de um adiantamento seu terminou em ${deadline}. Preste contas dele antes de pedir outro.`,
  }),
  settlement: {
    title: "Prestação de contas",
    spentInvalid: "Informe o valor gasto, de R$ 0,01 para cima",
    deadlineInvalid: "Informe uma data de hoje até um ano",
    notOwner: "Só quem pediu o adiantamento presta contas dele",
    notNow: "A prestação de contas deste adiantamento não está aberta agora",
    notAfter: "Este acerto não cabe nesta prestação de contas",
    noPayingAccount:
      "A conta pagadora da agência não está configurada: peça ao Financeiro os dados para a devolução.",
    sent: "Prestação de contas enviada",
    done: "Prestação de contas atualizada",
  },
} as const;
