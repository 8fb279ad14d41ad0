import { LifeBuoy } from "lucide-react";
import {
  DEFAULT_PRIORITY,
  PRIORITY_OPTIONS,
  SUPPORT_DEPARTMENT_OPTIONS,
} from "@/domain/requests/kinds/suporte/options";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { withKindLabels } from "../lib/kind-labels";
import type { RequestFormDeclaration } from "./request-form";

/** Spec §2 /suporte, §3 Support request, §5 Support, §8 Requests. */
export const suporteForm: RequestFormDeclaration = {
  kind: "suporte",
  title: "Suporte",
  description: "Abra um chamado para o RH, o Financeiro ou as equipes. Responderemos pelo seu email.",
  icon: LifeBuoy,
  name: "Solicitação de suporte",
  // Name and e-mail are prefilled and locked when the account has them (spec §2); the server takes them from the session.
  fields: withKindLabels("suporte", [
    accountNameField("nome", { required: true }),
    { type: "session", name: "email", required: true, lock: "readOnly", input: "email" },
    {
      type: "select",
      name: "departamento",
      required: true,
      options: SUPPORT_DEPARTMENT_OPTIONS,
      placeholder: "Selecione o departamento",
    },
    {
      type: "select",
      name: "prioridade",
      required: true,
      options: PRIORITY_OPTIONS,
      placeholder: "Selecione a prioridade",
      initial: DEFAULT_PRIORITY,
    },
    {
      type: "text",
      name: "assunto",
      required: true,
      wide: true,
      placeholder: "Resuma o pedido em uma frase",
    },
    {
      type: "textarea",
      name: "descricao",
      required: true,
      hint: "Pelo menos 10 caracteres. Inclua o que já tentou, se for o caso.",
      wide: true,
      rows: 5,
      placeholder: "Conte com detalhes o que você precisa",
    },
  ]),
};
