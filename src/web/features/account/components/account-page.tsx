import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, UserRound } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import type { Resolver } from "react-hook-form";
import { UpdateNameFormSchema, type User } from "@/domain/auth/auth.schema";
import { PERSON_NAME_MAX } from "@/domain/auth/person-name";
import { accountMessages, authMessages } from "@/domain/messages";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useUpdateName } from "../api/account";
import { AccountSection } from "./account-section";
import { HourBankSection } from "./hour-bank-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import { VacationBalanceSection } from "./vacation-balance-section";

type NameValues = { name: string; email: string };

const NAME_FIELDS: readonly FieldSpec<NameValues>[] = [
  {
    type: "text",
    name: "name",
    id: "conta-nome",
    label: "Nome",
    required: true,
    input: "name",
    placeholder: "Seu nome completo",
    attrs: { maxLength: PERSON_NAME_MAX + 20 },
  },
  // Shown, never sent: the schema keeps the name only.
  {
    type: "session",
    name: "email",
    id: "conta-email",
    label: "Email",
    lock: "readOnly",
    hint: "O email da conta não pode ser alterado.",
    attrs: { type: "email" },
  },
];

const nameRefused = (message: string) => ({ title: authMessages.nameInvalid.title, description: message });

function NameForm({ user }: { user: User }) {
  const mutation = useUpdateName();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(UpdateNameFormSchema) as unknown as Resolver<NameValues, unknown, { name: string }>,
    defaults: { name: user.name, email: user.email },
    serverFields: ["name"],
    send: (values) => mutation.mutateAsync(values),
    isPending: mutation.isPending,
    // A refused name says the rule's title with the server's message, as the page's own check does.
    errorNotice: (error) => {
      const field = error instanceof ApiRequestError ? error.body.fields?.name : undefined;
      return field ? nameRefused(field) : apiErrorNotice(error, accountMessages.nameUpdateFailed);
    },
    onInvalid: (errors) => {
      const message = errors.name?.message;
      if (message) notifyError(nameRefused(message).title, { description: message });
    },
    successNotice: () => accountMessages.nameUpdated,
  });
  const { reset, formState } = form;

  // The saved name (here or in another tab) becomes the form's starting point again.
  useEffect(() => reset({ name: user.name, email: user.email }), [user.name, user.email, reset]);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Seus dados">
      <div className="grid gap-x-5 gap-y-6 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-7">
        <FormFields form={form as never} fields={NAME_FIELDS} idPrefix="conta" />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t bg-muted/40 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-xs text-muted-foreground">Pelo menos 3 caracteres.</p>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy || !formState.isDirty}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? "Salvando..." : "Salvar nome"}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Minha conta' (ours; the spec has no account page): the user's own name, by
 * the one name rule, the password (docs/decisions/050), and the sessions, each
 * of which can be ended, or all at once (docs/decisions/051).
 */
export function AccountPage({
  user,
  onSignedOut,
  sections,
}: {
  user: User;
  onSignedOut: () => void;
  /** More sections, between the user's data and the security ones (the 'Notificações' preference). */
  sections?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Minha conta</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          Seu nome no Balcão, sua senha, a verificação em duas etapas e as sessões abertas com a sua conta.
        </p>
      </div>

      <AccountSection
        id="conta-dados"
        icon={UserRound}
        title="Seus dados"
        description="O nome aparece na barra superior e já vem preenchido nos formulários de solicitação."
      >
        <NameForm user={user} />
      </AccountSection>

      {sections}

      <VacationBalanceSection />
      <HourBankSection />

      <PasswordSection />

      <TwoFactorSection />

      <SessionsSection onSignedOut={onSignedOut} />
    </div>
  );
}
