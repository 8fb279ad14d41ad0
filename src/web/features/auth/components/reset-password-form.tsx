import { zodResolver } from "@hookform/resolvers/zod";
import { Link2Off, Loader2, ShieldCheck } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { Link } from "react-router";
import { checkNewPassword, MIN_PASSWORD_LENGTH } from "@/domain/auth/auth.rules";
import { ResetPasswordFormSchema } from "@/domain/auth/security.schema";
import { passwordMessages } from "@/domain/messages";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { usePasswordResetLink, useResetPassword } from "../api/password-reset";
import { AuthHeader } from "./auth-layout";

type Values = { password: string; confirmPassword: string };

const NEW_PASSWORD = { type: "password", autoComplete: "new-password" } as const;
const FIELDS: FieldSpec<Values>[] = [
  {
    type: "text",
    name: "password",
    label: "Nova senha",
    hint: `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`,
    attrs: NEW_PASSWORD,
  },
  { type: "text", name: "confirmPassword", label: "Confirmar nova senha", attrs: NEW_PASSWORD },
];

const linkClass = "font-medium text-primary underline-offset-4 hover:underline focus-visible:underline";

const isLinkInvalid = (error: unknown) => error instanceof ApiRequestError && error.code === "LINK_INVALID";

/**
 * The reset link's page (docs/decisions/050): the sign-up's password rules and
 * messages; on success every session of the account has ended. A used,
 * replaced or expired link says so, with the way to ask again.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (email: string) => void }) {
  const link = usePasswordResetLink(token);
  const reset = useResetPassword();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(ResetPasswordFormSchema) as unknown as Resolver<Values, unknown, Values>,
    defaults: { password: "", confirmPassword: "" },
    serverFields: ["password", "confirmPassword"],
    send: (values) => reset.mutateAsync({ token, ...values }),
    isPending: reset.isPending,
    errorNotice: (error) => apiErrorNotice(error, passwordMessages.resetFailed),
    // The link died meanwhile (used in another tab, replaced): the page says so instead of a toast.
    intercept: isLinkInvalid,
    onInvalid: () => {
      const failure = checkNewPassword(form.getValues());
      if (failure) notifyError(failure.title, { description: failure.description });
    },
    onSuccess: (result) => onDone(result.email),
  });

  const invalid = token === "" || isLinkInvalid(link.error) || isLinkInvalid(reset.error);
  if (invalid) return <LinkInvalid />;

  return (
    <>
      <AuthHeader
        title="Redefinir senha"
        subtitle={
          link.data ? (
            <>
              Escolha a nova senha de{" "}
              <strong className="font-medium break-all text-foreground">{link.data.email}</strong>.
            </>
          ) : (
            "Escolha a nova senha da sua conta."
          )
        }
      />
      <div className="px-6 pb-7 sm:px-8">
        {link.isPending ? (
          <div className="flex flex-col gap-5" aria-busy="true">
            <span className="sr-only" role="status">
              Carregando...
            </span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <form
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-5"
            aria-busy={busy}
            aria-label="Redefinir senha"
          >
            <p className="flex gap-2.5 rounded-md border border-primary/15 bg-brand-soft px-3 py-2.5 text-sm text-accent-foreground">
              <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Ao salvar, todas as sessões da conta serão encerradas, inclusive em outros aparelhos.
              </span>
            </p>
            <FormFields form={form as never} fields={FIELDS} idPrefix="redefinir" />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? "Salvando..." : "Salvar nova senha"}
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

/** A used, replaced or expired link: what happened, and the way to ask again. */
function LinkInvalid() {
  const m = passwordMessages.resetLinkInvalid;
  return (
    <>
      <div className="flex flex-col items-center gap-3 px-6 pt-7 pb-5 text-center sm:px-8">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Link2Off className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{m.title}</h1>
        <p className="text-sm text-muted-foreground">{m.description}</p>
      </div>
      <div className="flex flex-col gap-3 px-6 pb-7 sm:px-8">
        <Button asChild size="lg" className="w-full">
          <Link to={paths.auth.esqueciSenha.getHref()}>Pedir um novo link</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.auth.login.getHref()}>Voltar para o login</Link>
        </Button>
      </div>
    </>
  );
}
