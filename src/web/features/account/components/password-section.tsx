import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Loader2 } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { checkNewPassword, MIN_PASSWORD_LENGTH } from "@/domain/auth/auth.rules";
import { ChangePasswordFormSchema, type ChangePasswordInput } from "@/domain/auth/security.schema";
import { passwordMessages } from "@/domain/messages";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useChangePassword, usePasswordStatus } from "../api/security";
import { AccountSection } from "./account-section";

const NEW_PASSWORD = { type: "password", autoComplete: "new-password" } as const;
const FIELDS: FieldSpec<ChangePasswordInput>[] = [
  {
    type: "text",
    name: "currentPassword",
    label: "Senha atual",
    wide: true,
    attrs: { type: "password", autoComplete: "current-password" },
  },
  {
    type: "text",
    name: "password",
    label: "Nova senha",
    hint: `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`,
    attrs: NEW_PASSWORD,
  },
  { type: "text", name: "confirmPassword", label: "Confirmar nova senha", attrs: NEW_PASSWORD },
  {
    type: "checkbox",
    name: "signOutOthers",
    label: "Sair dos outros dispositivos",
    hint: "Encerra as sessões abertas em outros computadores e celulares. Este continua conectado.",
    wide: true,
  },
];

const DEFAULTS: ChangePasswordInput = {
  currentPassword: "",
  password: "",
  confirmPassword: "",
  signOutOthers: true,
};

/**
 * 'Senha' on 'Minha conta' (docs/decisions/050): the current password, then the
 * sign-up's rules for the new one. Only for an account that has a password.
 */
export function PasswordSection() {
  const status = usePasswordStatus();
  if (!status.data?.hasPassword) return null;
  return (
    <AccountSection
      id="conta-senha"
      icon={KeyRound}
      title="Senha"
      description="Troque a senha de acesso. Enviaremos um aviso para o seu email."
    >
      <ChangePasswordForm />
    </AccountSection>
  );
}

function ChangePasswordForm() {
  const mutation = useChangePassword();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(ChangePasswordFormSchema) as unknown as Resolver<
      ChangePasswordInput,
      unknown,
      ChangePasswordInput
    >,
    defaults: DEFAULTS,
    serverFields: ["currentPassword", "password", "confirmPassword"],
    send: (values) => mutation.mutateAsync(values),
    isPending: mutation.isPending,
    errorNotice: (error) => apiErrorNotice(error, passwordMessages.changeFailed),
    onInvalid: () => {
      const failure = checkNewPassword(form.getValues());
      if (failure) notifyError(failure.title, { description: failure.description });
    },
    successNotice: (result) =>
      result.signedOutOthers ? passwordMessages.changedSignedOut : passwordMessages.changed,
    resetOnSuccess: true,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Alterar senha">
      <div className="grid gap-x-5 gap-y-6 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-7">
        <FormFields form={form as never} fields={FIELDS} idPrefix="senha" />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t bg-muted/40 px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-8">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? "Salvando..." : "Alterar senha"}
        </Button>
      </div>
    </form>
  );
}
