import { zodResolver } from "@hookform/resolvers/zod";
import { GraduationCap } from "lucide-react";
import { useMemo } from "react";
import type { User } from "@/domain/auth/auth.schema";
import { BOLSA_ATTACHMENT, type BolsaFormValues, BolsaInputSchema } from "@/domain/requests/kinds/bolsa";
import { requestMessages } from "@/domain/requests/messages";
import { SCHOLARSHIP_TYPE_OPTIONS } from "@/domain/requests/options";
import { CurrencyField, FileField, SelectField } from "@/web/components/form/controlled-fields";
import { FormItem } from "@/web/components/form/form-item";
import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { errorExplanation } from "@/web/lib/submit-error";
import { useCreateBolsa } from "../api/create-bolsa";
import { useRequestForm } from "../lib/use-request-form";
import { type WithAttachments, withAttachments } from "../lib/with-attachments";
import { AccountNameHint } from "./account-name-hint";

type Fields = WithAttachments<BolsaFormValues>;
const FIELD_ORDER = [
  "titulo",
  "tipo",
  "valor",
  "linkPlataforma",
  "chavePix",
  "valorAgregado",
  "criadoPor",
  "anexo",
] as const;

const resolver = withAttachments(zodResolver(BolsaInputSchema, undefined, { raw: true }), BOLSA_ATTACHMENT);

const emptyValues = (criadoPor: string): Fields => ({
  titulo: "",
  tipo: "",
  valor: "",
  linkPlataforma: "",
  chavePix: "",
  valorAgregado: "",
  criadoPor,
  anexo: [],
});

/** Spec §2 /bolsa-capacitacao, §3 Training grant, §5 Training grant, §8 Requests. */
export function BolsaForm({ user }: { user: User }) {
  // Prefilled and disabled (spec §2); the server records the signed-in user's name in any case.
  const criadoPor = user.name.trim() || user.email;
  const defaults = useMemo(() => emptyValues(criadoPor), [criadoPor]);
  const mutation = useCreateBolsa();
  const {
    form: {
      register,
      control,
      formState: { errors },
    },
    onSubmit,
    busy,
  } = useRequestForm({
    resolver,
    defaults,
    fieldOrder: FIELD_ORDER,
    send: (values, idempotencyKey) =>
      mutation.mutateAsync({ values, file: values.anexo[0] ?? null, idempotencyKey }),
    isPending: mutation.isPending,
    errorNotice: (error) => requestMessages.bolsa.error(errorExplanation(error)),
    successNotice: () => requestMessages.bolsa.success,
  });

  return (
    <RequestFormCard
      title="Bolsa de Capacitação"
      description="Peça apoio para cursos, livros, eventos e especializações que ajudem no seu trabalho."
      icon={GraduationCap}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de bolsa de capacitação">
        <RequestFormFields>
          <FormItem
            id="bolsa-titulo"
            label="Título"
            required
            error={errors.titulo?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                placeholder="Ex.: Curso de TypeScript avançado"
                {...register("titulo")}
              />
            )}
          </FormItem>

          <SelectField
            control={control}
            name="tipo"
            id="bolsa-tipo"
            label="Tipo"
            required
            error={errors.tipo?.message}
            options={SCHOLARSHIP_TYPE_OPTIONS}
            placeholder="Selecione o tipo"
          />

          <CurrencyField
            control={control}
            name="valor"
            id="bolsa-valor"
            label="Valor"
            required
            error={errors.valor?.message}
          />

          <FormItem
            id="bolsa-link-plataforma"
            label="Link da plataforma"
            required
            hint="O endereço do curso, livro ou evento, com http:// ou https://."
            error={errors.linkPlataforma?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                type="url"
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="https://"
                {...register("linkPlataforma")}
              />
            )}
          </FormItem>

          <FormItem
            id="bolsa-chave-pix"
            label="Chave PIX"
            required
            hint="CPF, CNPJ, e-mail, celular com +55 ou chave aleatória."
            error={errors.chavePix?.message}
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...register("chavePix")}
              />
            )}
          </FormItem>

          <FormItem
            id="bolsa-criado-por"
            label="Criado por"
            hint={<AccountNameHint />}
            error={errors.criadoPor?.message}
          >
            {(controlProps) => (
              <Input {...controlProps} value={criadoPor} disabled readOnly className="bg-muted/60" />
            )}
          </FormItem>

          <FormItem
            id="bolsa-valor-agregado"
            label="Como pode agregar valor?"
            required
            error={errors.valorAgregado?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={4}
                placeholder="Conte como o que você vai aprender ajuda você, o time e os clientes"
                {...register("valorAgregado")}
              />
            )}
          </FormItem>

          <FileField
            control={control}
            name="anexo"
            id="bolsa-anexo"
            label="Anexo (opcional)"
            hint="PDF, JPG, PNG, DOC ou DOCX · máx. 10MB"
            error={errors.anexo?.message}
            className="sm:col-span-2"
            rules={BOLSA_ATTACHMENT}
            prompt="Escolha um arquivo"
          />
        </RequestFormFields>
        <RequestFormFooter busy={busy} />
      </form>
    </RequestFormCard>
  );
}
