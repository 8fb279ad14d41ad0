import { zodResolver } from "@hookform/resolvers/zod";
import { Receipt } from "lucide-react";
import { useMemo } from "react";
import { Controller } from "react-hook-form";
import type { User } from "@/domain/auth/auth.schema";
import { todayInSaoPaulo } from "@/domain/dates";
import {
  REEMBOLSO_ATTACHMENTS,
  type ReembolsoFormValues,
  reembolsoInputSchema,
} from "@/domain/requests/kinds/reembolso";
import { requestMessages } from "@/domain/requests/messages";
import {
  COST_CENTRE_OPTIONS,
  DEFAULT_COST_CENTRE,
  REIMBURSEMENT_TYPE_OPTIONS,
} from "@/domain/requests/options";
import { CurrencyField, FileField, SelectField } from "@/web/components/form/controlled-fields";
import { FormItem } from "@/web/components/form/form-item";
import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { useCreateReembolso } from "../api/create-reembolso";
import { useRequestForm } from "../lib/use-request-form";
import { type WithAttachments, withAttachments } from "../lib/with-attachments";
import { AccountNameHint } from "./account-name-hint";
import { DatePicker } from "./date-picker";

type Fields = WithAttachments<ReembolsoFormValues>;
const FIELD_ORDER = [
  "nome",
  "data",
  "tipo",
  "valor",
  "centroCusto",
  "anexo",
  "chavePix",
  "descricao",
] as const;

// São Paulo's today is read at each validation: a form left open past midnight still checks the right window.
const resolver = withAttachments(
  zodResolver(reembolsoInputSchema(), undefined, { raw: true }),
  REEMBOLSO_ATTACHMENTS,
);

const emptyValues = (nome: string): Fields => ({
  nome,
  data: "",
  tipo: "",
  valor: "",
  centroCusto: DEFAULT_COST_CENTRE,
  anexo: [],
  chavePix: "",
  descricao: "",
});

/** Spec §2 /reembolso, §3 expense form, §5 Reimbursement, §8 Requests. */
export function ReembolsoForm({ user }: { user: User }) {
  const userName = user.name.trim();
  const defaults = useMemo(() => emptyValues(userName), [userName]);
  const mutation = useCreateReembolso();
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
    send: (values, idempotencyKey) => mutation.mutateAsync({ values, files: values.anexo, idempotencyKey }),
    isPending: mutation.isPending,
    errorNotice: () => requestMessages.reembolso.error,
    successNotice: () => requestMessages.reembolso.success,
  });

  return (
    <RequestFormCard
      title="FORMULÁRIO DE SOLICITAÇÃO DE REEMBOLSO"
      description="Informe a despesa e anexe os comprovantes. O financeiro analisa e faz o reembolso."
      icon={Receipt}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de reembolso">
        <RequestFormFields>
          <FormItem
            id="reembolso-nome"
            label="Nome do colaborador"
            required
            error={errors.nome?.message}
            hint={userName ? <AccountNameHint /> : undefined}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                autoComplete="name"
                placeholder="Digite seu nome completo"
                readOnly={Boolean(userName)}
                className={userName ? "bg-muted/60 text-muted-foreground" : undefined}
                {...register("nome")}
              />
            )}
          </FormItem>

          <FormItem id="reembolso-data" label="Data da despesa" required error={errors.data?.message}>
            {(controlProps) => (
              <Controller
                control={control}
                name="data"
                render={({ field }) => (
                  <DatePicker
                    {...controlProps}
                    labelId="reembolso-data-label"
                    today={todayInSaoPaulo()}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            )}
          </FormItem>

          <SelectField
            control={control}
            name="tipo"
            id="reembolso-tipo"
            label="Tipo de despesa"
            required
            error={errors.tipo?.message}
            options={REIMBURSEMENT_TYPE_OPTIONS}
            placeholder="Selecione o tipo de despesa"
          />

          <CurrencyField
            control={control}
            name="valor"
            id="reembolso-valor"
            label="Valor"
            required
            error={errors.valor?.message}
          />

          <SelectField
            control={control}
            name="centroCusto"
            id="reembolso-centro-custo"
            label="Centro de custo"
            error={errors.centroCusto?.message}
            options={COST_CENTRE_OPTIONS}
            placeholder="Selecione o centro de custo"
          />

          <FileField
            control={control}
            name="anexo"
            id="reembolso-anexo"
            label="Comprovantes"
            required
            hint="JPG, PNG ou PDF · máx. 30MB por arquivo"
            error={errors.anexo?.message}
            className="sm:col-span-2"
            rules={REEMBOLSO_ATTACHMENTS}
            prompt="Escolha os comprovantes"
          />

          <FormItem
            id="reembolso-chave-pix"
            label="Chave PIX (opcional)"
            hint="CPF, CNPJ, e-mail, celular com +55 ou chave aleatória."
            error={errors.chavePix?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="Para receber o reembolso"
                {...register("chavePix")}
              />
            )}
          </FormItem>

          <FormItem
            id="reembolso-descricao"
            label="Descrição"
            required
            error={errors.descricao?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={4}
                placeholder="Descreva a despesa: o que foi, onde e por quê"
                {...register("descricao")}
              />
            )}
          </FormItem>
        </RequestFormFields>
        <RequestFormFooter busy={busy} />
      </form>
    </RequestFormCard>
  );
}
