import { zodResolver } from "@hookform/resolvers/zod";
import { LifeBuoy } from "lucide-react";
import { useMemo } from "react";
import type { User } from "@/domain/auth/auth.schema";
import { type SuporteFormValues, SuporteInputSchema } from "@/domain/requests/kinds/suporte";
import { requestMessages } from "@/domain/requests/messages";
import { DEFAULT_PRIORITY, PRIORITY_OPTIONS, SUPPORT_DEPARTMENT_OPTIONS } from "@/domain/requests/options";
import { SelectField } from "@/web/components/form/controlled-fields";
import { FormItem } from "@/web/components/form/form-item";
import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { cn } from "@/web/lib/cn";
import { useCreateSuporte } from "../api/create-suporte";
import { useRequestForm } from "../lib/use-request-form";
import { AccountNameHint } from "./account-name-hint";

const FIELD_ORDER = ["nome", "email", "departamento", "prioridade", "assunto", "descricao"] as const;
const resolver = zodResolver(SuporteInputSchema);
const LOCKED = "bg-muted/60 text-muted-foreground";

const emptyValues = (user: User): SuporteFormValues => ({
  nome: user.name.trim(),
  email: user.email,
  departamento: "",
  assunto: "",
  descricao: "",
  prioridade: DEFAULT_PRIORITY,
});

/** Spec §2 /suporte, §3 Support request, §5 Support, §8 Requests. */
export function SuporteForm({ user }: { user: User }) {
  const defaults = useMemo(() => emptyValues(user), [user]);
  // Prefilled and locked when the account has them (spec §2); the server takes them from the session.
  const nameLocked = defaults.nome !== "";
  const mutation = useCreateSuporte();
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
    send: (values, idempotencyKey) => mutation.mutateAsync({ body: values, idempotencyKey }),
    isPending: mutation.isPending,
    errorNotice: () => requestMessages.suporte.error,
    successNotice: () => requestMessages.suporte.success,
  });

  return (
    <RequestFormCard
      title="Suporte"
      description="Abra um chamado para o RH, o Financeiro ou as equipes. Responderemos pelo seu email."
      icon={LifeBuoy}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de suporte">
        <RequestFormFields>
          <FormItem
            id="suporte-nome"
            label="Nome"
            required
            error={errors.nome?.message}
            hint={nameLocked ? <AccountNameHint /> : undefined}
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                autoComplete="name"
                placeholder="Digite seu nome completo"
                readOnly={nameLocked}
                className={cn(nameLocked && LOCKED)}
                {...register("nome")}
              />
            )}
          </FormItem>

          <FormItem id="suporte-email" label="Email" required error={errors.email?.message}>
            {(controlProps) => (
              <Input
                {...controlProps}
                type="email"
                autoComplete="email"
                readOnly
                className={LOCKED}
                {...register("email")}
              />
            )}
          </FormItem>

          <SelectField
            control={control}
            name="departamento"
            id="suporte-departamento"
            label="Departamento"
            required
            error={errors.departamento?.message}
            options={SUPPORT_DEPARTMENT_OPTIONS}
            placeholder="Selecione o departamento"
          />

          <SelectField
            control={control}
            name="prioridade"
            id="suporte-prioridade"
            label="Prioridade"
            required
            error={errors.prioridade?.message}
            options={PRIORITY_OPTIONS}
            placeholder="Selecione a prioridade"
          />

          <FormItem
            id="suporte-assunto"
            label="Assunto"
            required
            error={errors.assunto?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input {...controlProps} placeholder="Resuma o pedido em uma frase" {...register("assunto")} />
            )}
          </FormItem>

          <FormItem
            id="suporte-descricao"
            label="Descrição"
            required
            hint="Pelo menos 10 caracteres. Inclua o que já tentou, se for o caso."
            error={errors.descricao?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={5}
                placeholder="Conte com detalhes o que você precisa"
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
