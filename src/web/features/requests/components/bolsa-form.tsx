import { GraduationCap } from "lucide-react";
import { BOLSA_ATTACHMENT } from "@/domain/requests/kinds/bolsa";
import { SCHOLARSHIP_TYPE_OPTIONS } from "@/domain/requests/kinds/bolsa/options";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { withKindLabels } from "../lib/kind-labels";
import type { RequestFormDeclaration } from "./request-form";

/** Spec §2 /bolsa-capacitacao, §3 Training grant, §5 Training grant, §8 Requests. */
export const bolsaForm: RequestFormDeclaration = {
  kind: "bolsa",
  title: "Bolsa de Capacitação",
  description: "Peça apoio para cursos, livros, eventos e especializações que ajudem no seu trabalho.",
  icon: GraduationCap,
  name: "Solicitação de bolsa de capacitação",
  fields: withKindLabels("bolsa", [
    {
      type: "text",
      name: "titulo",
      required: true,
      wide: true,
      placeholder: "Ex.: Curso de TypeScript avançado",
    },
    {
      type: "select",
      name: "tipo",
      required: true,
      options: SCHOLARSHIP_TYPE_OPTIONS,
      placeholder: "Selecione o tipo",
    },
    { type: "currency", name: "valor", required: true },
    {
      type: "text",
      name: "linkPlataforma",
      required: true,
      hint: "O endereço do curso, livro ou evento, com http:// ou https://.",
      wide: true,
      input: "url",
      placeholder: "https://",
    },
    {
      type: "text",
      name: "chavePix",
      required: true,
      hint: "CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.",
      input: "pix",
    },
    // Prefilled and disabled (spec §2); the server records the signed-in user's name in any case.
    accountNameField("criadoPor", { lock: "disabled" }),
    {
      type: "textarea",
      name: "valorAgregado",
      label: "Como pode agregar valor?",
      required: true,
      wide: true,
      rows: 4,
      placeholder: "Conte como o que você vai aprender ajuda você, o time e os clientes",
    },
    {
      type: "file",
      name: "anexo",
      label: "Anexo (opcional)",
      hint: "PDF, JPG, PNG, DOC ou DOCX · máx. 10MB",
      wide: true,
      rules: BOLSA_ATTACHMENT,
      prompt: "Escolha um arquivo",
    },
  ]),
};
