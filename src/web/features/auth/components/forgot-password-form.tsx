import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MailCheck } from "lucide-react";
import { useState } from "react";
import type { Resolver } from "react-hook-form";
import { Link } from "react-router";
import { checkLogin } from "@/domain/auth/login.rules";
import {
  RequestPasswordResetFormSchema,
  type RequestPasswordResetInput,
} from "@/domain/auth/security.schema";
import { passwordMessages } from "@/domain/messages";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useRequestPasswordReset } from "../api/password-reset";
import { EMAIL_INPUT } from "./account-fields";
import { AuthHeader } from "./auth-layout";

const FIELDS: FieldSpec<RequestPasswordResetInput>[] = [
  {
    type: "text",
    name: "email",
    label: "Email",
    placeholder: "voce@empresa.com.br",
    attrs: EMAIL_INPUT,
  },
];

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

/**
 * 'Esqueci minha senha' (docs/decisions/050): asks the address and answers the
 * same whether or not it has an account, so the page tells nobody who is registered.
 */
export function ForgotPasswordForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();
  const { form, onSubmit, busy } = useServerForm({
    // The input type has defaults (`email?`); the form always holds a string.
    resolver: zodResolver(RequestPasswordResetFormSchema) as unknown as Resolver<
      RequestPasswordResetInput,
      unknown,
      RequestPasswordResetInput
    >,
    defaults: { email: defaultEmail },
    serverFields: ["email"],
    send: (values) => mutation.mutateAsync({ email: values.email.trim() }),
    isPending: mutation.isPending,
    errorNotice: (error) => apiErrorNotice(error, passwordMessages.resetRequestFailed),
    // The field says what is wrong; the toast names the rule, as on /login.
    onInvalid: () => {
      const failure = checkLogin(form.getValues(), "magic-link");
      if (failure) notifyError(failure.title, { description: failure.description });
    },
    onSuccess: () => setSentTo(form.getValues("email").trim()),
  });

  return (
    <>
      <AuthHeader
        title="Esqueci minha senha"
        subtitle="Informe o email da sua conta. Enviaremos um link para você escolher uma nova senha."
      />
      <div className="px-6 pb-7 sm:px-8">
        {sentTo !== null ? (
          <div className="flex flex-col gap-4 text-center" role="status">
            <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
              <MailCheck className="size-6" aria-hidden="true" />
            </span>
            <p className="text-base font-semibold">{passwordMessages.resetRequested.title}</p>
            <p className="text-sm text-muted-foreground">
              Se houver uma conta com{" "}
              <strong className="font-medium break-all text-foreground">{sentTo}</strong>, enviamos um link
              para redefinir a senha. O link vale por 30 minutos, e só o mais recente funciona.
            </p>
            <Button type="button" variant="outline" className="w-full" onClick={() => setSentTo(null)}>
              Enviar para outro email
            </Button>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-5"
            aria-busy={busy}
            aria-label="Esqueci minha senha"
          >
            <FormFields form={form as never} fields={FIELDS} idPrefix="esqueci" />
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? "Enviando..." : "Enviar link"}
            </Button>
          </form>
        )}
      </div>
      <div className="rounded-b-xl border-t bg-muted/50 px-6 py-4 text-center text-sm">
        <Link to={paths.auth.login.getHref()} className={linkClass}>
          Voltar para o login
        </Link>
      </div>
    </>
  );
}
