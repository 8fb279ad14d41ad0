import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import type { Resolver } from "react-hook-form";
import { Link } from "react-router";
import { checkPasswordChoice } from "@/domain/auth/auth.rules";
import { ConfirmWithPasswordFormSchema } from "@/domain/auth/auth.schema";
import { authMessages } from "@/domain/messages";
import { FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useConfirmWithPassword, usePendingConfirmation } from "../api/confirm-email";
import { NEW_ACCOUNT_FIELDS } from "./account-fields";
import { AuthHeader } from "./auth-layout";

type Values = { name: string; password: string; confirmPassword: string };

const isLinkInvalid = (error: unknown) => error instanceof ApiRequestError && error.code === "LINK_INVALID";

/**
 * A confirmation link opened outside the browser that registered (another
 * device, or somebody else's sign-up of this address): the e-mail is proven,
 * but the password chosen at sign-up is not kept. The person chooses it here,
 * with the registration's rules and messages (docs/decisions/009-pending-sign-ups.md).
 */
export function ConfirmEmailForm({
  token,
  onConfirmed,
  onLinkInvalid,
}: {
  token: string;
  onConfirmed: (email: string) => void;
  onLinkInvalid: () => void;
}) {
  const pending = usePendingConfirmation(token);
  const confirm = useConfirmWithPassword();
  const { form, onSubmit, busy } = useServerForm({
    // The input type has defaults (`name?`); the form always holds strings.
    resolver: zodResolver(ConfirmWithPasswordFormSchema) as unknown as Resolver<Values, unknown, Values>,
    defaults: { name: "", password: "", confirmPassword: "" },
    serverFields: ["name", "password", "confirmPassword"],
    send: (values) => confirm.mutateAsync({ token, ...values, name: values.name.trim() }),
    isPending: confirm.isPending,
    errorNotice: (error) => apiErrorNotice(error, authMessages.passwordChoiceFailed),
    // The link died meanwhile (used, or replaced): the page says so instead of a toast.
    intercept: (error) => {
      if (!isLinkInvalid(error)) return false;
      onLinkInvalid();
      return true;
    },
    // The fields say what is wrong; the toast names the rule, as on the sign-up page.
    onInvalid: () => {
      const failure = checkPasswordChoice(form.getValues());
      if (failure) notifyError(failure.title, { description: failure.description });
    },
    onSuccess: (result) => onConfirmed(result.email),
  });
  const { reset, formState } = form;
  const { isDirty } = formState;

  const invalid = token === "" || isLinkInvalid(pending.error);
  useEffect(() => {
    if (invalid) onLinkInvalid();
  }, [invalid, onLinkInvalid]);

  // The name given at sign-up, to keep or correct.
  const pendingName = pending.data?.name;
  useEffect(() => {
    if (pendingName !== undefined && !isDirty)
      reset({ name: pendingName, password: "", confirmPassword: "" });
  }, [pendingName, isDirty, reset]);

  const email = pending.data?.email;

  return (
    <>
      <AuthHeader
        title="Confirme seu email"
        subtitle={
          email ? (
            <>
              Para concluir o cadastro de{" "}
              <strong className="font-medium break-all text-foreground">{email}</strong>, escolha a senha da
              conta.
            </>
          ) : (
            "Para concluir o cadastro, escolha a senha da conta."
          )
        }
      />
      <div className="px-6 pb-7 sm:px-8">
        {pending.isPending && !invalid ? (
          <div className="flex flex-col gap-5" aria-busy="true">
            <span className="sr-only" role="status">
              Carregando...
            </span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
            <p className="flex gap-2.5 rounded-md border border-primary/15 bg-brand-soft px-3 py-2.5 text-sm text-accent-foreground">
              <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Este link foi aberto em um navegador diferente do usado no cadastro. Por segurança, a senha
                escolhida no cadastro não vale: defina a senha agora.
              </span>
            </p>
            <FormFields form={form as never} fields={NEW_ACCOUNT_FIELDS} idPrefix="confirm" />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? "Enviando..." : "Confirmar email"}
            </Button>
          </form>
        )}
      </div>
      <div className="rounded-b-xl border-t bg-muted/50 px-6 py-4 text-center text-sm">
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          Voltar para o login
        </Link>
      </div>
    </>
  );
}
