import { Package } from "lucide-react";
import { DEFAULT_MATERIAL_QUANTITY } from "@/domain/requests/kinds/material";
import { URGENCY_OPTIONS } from "@/domain/requests/kinds/material/options";
import { withKindLabels } from "../lib/kind-labels";
import type { RequestFormDeclaration } from "./request-form";

/** Spec §2 /material, §3 material_solicitacoes, §5 Material, §8 Requests. */
export const materialForm: RequestFormDeclaration = {
  kind: "material",
  title: "Solicitação de Material",
  description: "Peça o material de trabalho de que você precisa e diga até quando.",
  icon: Package,
  name: "Solicitação de material",
  prefill: (user) => ({ nome: user.name.trim() }),
  fields: withKindLabels("material", [
    {
      type: "text",
      name: "nome",
      required: true,
      wide: true,
      input: "name",
      placeholder: "Digite seu nome completo",
    },
    {
      type: "textarea",
      name: "descricao",
      required: true,
      hint: "O que você precisa: item, modelo, especificações.",
      wide: true,
      rows: 3,
      placeholder: "Ex.: Mouse sem fio ergonômico",
    },
    {
      type: "textarea",
      name: "motivo",
      required: true,
      wide: true,
      rows: 3,
      placeholder: "Por que você precisa deste material?",
    },
    {
      type: "text",
      name: "linkReferencia",
      label: "Link de referência (opcional)",
      hint: "Uma página do produto, com http:// ou https://.",
      wide: true,
      input: "url",
      placeholder: "https://",
    },
    {
      type: "text",
      name: "quantidade",
      required: true,
      input: "quantity",
      initial: String(DEFAULT_MATERIAL_QUANTITY),
    },
    {
      type: "select",
      name: "urgencia",
      required: true,
      options: URGENCY_OPTIONS,
      placeholder: "Selecione a urgência",
    },
  ]),
};
