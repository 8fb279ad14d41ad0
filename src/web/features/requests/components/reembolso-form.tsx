import { Receipt } from "lucide-react";
import { reimbursementDateWindow, todayInSaoPaulo } from "@/domain/dates";
import { REEMBOLSO_ATTACHMENTS } from "@/domain/requests/kinds/reembolso";
import { REIMBURSEMENT_TYPE_OPTIONS } from "@/domain/requests/kinds/reembolso/options";
import { COST_CENTRE_OPTIONS, DEFAULT_COST_CENTRE } from "@/domain/requests/options";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { withKindLabels } from "../lib/kind-labels";
import { ReceiptKeyField } from "./receipt-key-field";
import type { RequestFormDeclaration } from "./request-form";

/** The receipts, under the reimbursement's rules (spec §2 anexo); a cash advance's settlement takes them the same way. */
export const RECEIPTS_FIELD = {
  type: "file",
  name: "anexo",
  label: "Comprovantes",
  required: true,
  hint: "JPG, PNG ou PDF · máx. 30MB por arquivo",
  wide: true,
  rules: REEMBOLSO_ATTACHMENTS,
  prompt: "Escolha os comprovantes",
} as const;

/** Spec §2 /reembolso, §3 expense form, §5 Reimbursement, §8 Requests. */
export const reembolsoForm: RequestFormDeclaration = {
  kind: "reembolso",
  title: "FORMULÁRIO DE SOLICITAÇÃO DE REEMBOLSO",
  description: "Informe a despesa e anexe os comprovantes. O financeiro analisa e faz o reembolso.",
  icon: Receipt,
  name: "Solicitação de reembolso",
  fields: withKindLabels("reembolso", [
    accountNameField("nome", { required: true, wide: true }),
    // São Paulo's today is read at each opening: a form left open past midnight still offers the right days.
    {
      type: "date",
      name: "data",
      required: true,
      today: todayInSaoPaulo,
      window: reimbursementDateWindow,
      calendarLabel: "Escolha a data da despesa",
    },
    {
      type: "select",
      name: "tipo",
      from: "categoria",
      label: "Tipo de despesa",
      required: true,
      options: REIMBURSEMENT_TYPE_OPTIONS,
      placeholder: "Selecione o tipo de despesa",
    },
    { type: "currency", name: "valor", required: true },
    {
      type: "select",
      name: "centroCusto",
      options: COST_CENTRE_OPTIONS,
      placeholder: "Selecione o centro de custo",
      initial: DEFAULT_COST_CENTRE,
    },
    RECEIPTS_FIELD,
    {
      type: "custom",
      name: "chaveNota",
      label: "Chave de acesso da nota (opcional)",
      hint: "NF-e ou NFC-e: digite ou cole os 44 números, ou leia o QR code da nota.",
      wide: true,
      render: (control, field, _error, form) => (
        <ReceiptKeyField control={control} field={field} form={form} filesField="anexo" />
      ),
    },
    {
      type: "text",
      name: "chavePix",
      label: "Chave PIX (opcional)",
      hint: "CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.",
      wide: true,
      input: "pix",
      placeholder: "Para receber o reembolso",
    },
    {
      type: "textarea",
      name: "descricao",
      required: true,
      wide: true,
      rows: 4,
      placeholder: "Descreva a despesa: o que foi, onde e por quê",
    },
  ]),
};
