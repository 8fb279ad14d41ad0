import { Loader2, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { checkPasswordChoice, type RegisterField } from "@/domain/auth/auth.rules";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useConfirmWithPassword, usePendingConfirmation } from "../api/confirm-email";
import { NameItem, NewPasswordItems } from "./account-fields";
import { AuthHeader } from "./auth-layout";

type Values = { name: string; password: string; confirmPassword: string };
const FIELDS = ["name", "password", "confirmPassword"] as const satisfies readonly RegisterField[];

const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<Values>({ defaultValues: { name: "", password: "", confirmPassword: "" } });

  const invalid =
    token === "" || (pending.error instanceof ApiRequestError && pending.error.code === "LINK_INVALID");
  useEffect(() => {
    if (invalid) onLinkInvalid();
  }, [invalid, onLinkInvalid]);

  // The name given at sign-up, to keep or correct.
  const pendingName = pending.data?.name;
  useEffect(() => {
    if (pendingName !== undefined && !isDirty)
      reset({ name: pendingName, password: "", confirmPassword: "" });
  }, [pendingName, isDirty, reset]);

  const markFields = (fields: Partial<Record<string, string>>) => {
    const entries = Object.entries(fields).filter(
      (entry): entry is [(typeof FIELDS)[number], string] =>
        isField(entry[0]) && typeof entry[1] === "string",
    );
    entries.sort(([a], [b]) => FIELDS.indexOf(a) - FIELDS.indexOf(b));
    entries.forEach(([field, message], index) => {
      setError(field, { type: "manual", message }, { shouldFocus: index === 0 });
    });
  };

  const onSubmit = handleSubmit((values) => {
    const failure = checkPasswordChoice(values);
    if (failure) {
      notifyError(failure.title, { description: failure.description });
      markFields(failure.fields);
      return;
    }
    confirm.mutate(
      { token, ...values, name: values.name.trim() },
      {
        onSuccess: (result) => onConfirmed(result.email),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === "LINK_INVALID") return onLinkInvalid();
          toastApiError(error, authMessages.passwordChoiceFailed);
          if (error instanceof ApiRequestError && error.body.fields) markFields(error.body.fields);
        },
      },
    );
  });

  const clearOnChange = (field: (typeof FIELDS)[number]) => ({
    onChange: () => {
      if (errors[field]) clearErrors(field);
    },
  });

  const busy = confirm.isPending;
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
            <NameItem
              id="confirm-name"
              input={register("name", clearOnChange("name"))}
              error={errors.name?.message}
            />
            <NewPasswordItems
              idPrefix="confirm"
              password={register("password", clearOnChange("password"))}
              confirmPassword={register("confirmPassword", clearOnChange("confirmPassword"))}
              errors={{
                password: errors.password?.message,
                confirmPassword: errors.confirmPassword?.message,
              }}
            />
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
