import { Loader2, UserRound } from "lucide-react";
import type * as React from "react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { User } from "@/domain/auth/auth.schema";
import { checkPersonName, PERSON_NAME_MAX } from "@/domain/auth/person-name";
import { accountMessages, authMessages } from "@/domain/messages";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useUpdateName } from "../api/account";
import { AccountSection } from "./account-section";
import { HourBankSection } from "./hour-bank-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import { VacationBalanceSection } from "./vacation-balance-section";

function NameForm({ user }: { user: User }) {
  const mutation = useUpdateName();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<{ name: string }>({ defaultValues: { name: user.name } });

  // The saved name (here or in another tab) becomes the form's starting point again.
  useEffect(() => reset({ name: user.name }), [user.name, reset]);

  const fail = (message: string) => {
    notifyError(authMessages.nameInvalid.title, { description: message });
    setError("name", { type: "manual", message }, { shouldFocus: true });
  };

  const onSubmit = handleSubmit(({ name }) => {
    const problem = checkPersonName(name);
    if (problem) return fail(problem);
    mutation.mutate(
      { name: name.trim() },
      {
        onSuccess: () =>
          notifySuccess(accountMessages.nameUpdated.title, {
            description: accountMessages.nameUpdated.description,
          }),
        onError: (error) => {
          const field = error instanceof ApiRequestError ? error.body.fields?.name : undefined;
          if (field) return fail(field);
          toastApiError(error, accountMessages.nameUpdateFailed);
        },
      },
    );
  });

  const busy = mutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Seus dados">
      <div className="grid gap-x-5 gap-y-6 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-7">
        <FormItem id="conta-nome" label="Nome" required error={errors.name?.message}>
          {(controlProps) => (
            <Input
              {...controlProps}
              autoComplete="name"
              placeholder="Seu nome completo"
              maxLength={PERSON_NAME_MAX + 20}
              {...register("name", {
                onChange: () => {
                  if (errors.name) clearErrors("name");
                },
              })}
            />
          )}
        </FormItem>
        <FormItem id="conta-email" label="Email" hint="O email da conta não pode ser alterado.">
          {(controlProps) => (
            <Input
              {...controlProps}
              type="email"
              value={user.email}
              readOnly
              className="bg-muted/60 text-muted-foreground"
            />
          )}
        </FormItem>
      </div>
      <div className="flex flex-col-reverse gap-3 border-t bg-muted/40 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-xs text-muted-foreground">Pelo menos 3 caracteres.</p>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy || !isDirty}>
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
