import { Wallet } from "lucide-react";
import { todayInSaoPaulo } from "@/domain/dates";
import { ADVANCE_PURPOSE_OPTIONS, neededDateWindow } from "@/domain/requests/kinds/adiantamento";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { withKindLabels } from "../lib/kind-labels";
import { AdvancePendingNotice, AdvanceSettlementPanel } from "./adiantamento-settlement";
import type { RequestFormDeclaration } from "./request-form";

/** A cash advance (docs/decisions/067): paid by Financeiro like a reimbursement, settled by its receipts. */
export const adiantamentoForm: RequestFormDeclaration = {
  kind: "adiantamento",
  title: "Adiantamento",
  description:
    "Peça o dinheiro antes da despesa. Depois de pago, preste contas com os comprovantes até o prazo.",
  icon: Wallet,
  name: "Solicitação de adiantamento",
  detailPanel: AdvanceSettlementPanel,
  fields: withKindLabels("adiantamento", [
    // Before anything is filled: an overdue advance blocks a new one.
    { type: "derived", key: "pendencia", from: [], render: () => <AdvancePendingNotice /> },
    accountNameField("nome", { required: true, wide: true }),
    { type: "currency", name: "valor", required: true },
    {
      type: "select",
      name: "finalidade",
      required: true,
      options: ADVANCE_PURPOSE_OPTIONS,
      placeholder: "Selecione a finalidade",
    },
    {
      type: "date",
      name: "dataNecessaria",
      required: true,
      today: todayInSaoPaulo,
      window: neededDateWindow,
      calendarLabel: "Escolha a data em que precisa do dinheiro",
    },
    {
      type: "text",
      name: "chavePix",
      required: true,
      hint: "CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.",
      input: "pix",
      placeholder: "Para receber o adiantamento",
    },
    {
      type: "textarea",
      name: "descricao",
      required: true,
      wide: true,
      rows: 4,
      placeholder: "Para que é o dinheiro: a viagem, o evento, as compras",
    },
  ]),
};
