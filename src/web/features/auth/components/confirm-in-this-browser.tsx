import { Loader2, MailCheck } from "lucide-react";
import { Link } from "react-router";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useConfirmInThisBrowser } from "../api/confirm-email";
import { AuthHeader } from "./auth-layout";

/**
 * The confirmation link opened in the browser that registered: one click confirms and keeps the
 * password chosen at sign-up. Opening the link confirms nothing by itself, since mail scanners
 * open it first (docs/decisions/009).
 */
export function ConfirmInThisBrowser(props: {
  token: string;
  email: string;
  onConfirmed: (email: string) => void;
  onLinkInvalid: () => void;
}) {
  const confirm = useConfirmInThisBrowser();
  const onClick = () =>
    confirm.mutate(props.token, {
      onSuccess: (result) => props.onConfirmed(result.email),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === "LINK_INVALID") return props.onLinkInvalid();
        toastApiError(error, authMessages.linkInvalid);
      },
    });
  return (
    <>
      <AuthHeader
        title="Confirme seu email"
        subtitle={
          <>
            Confirme <strong className="font-medium break-all text-foreground">{props.email}</strong> para
            entrar com a senha escolhida no cadastro.
          </>
        }
      />
      <div className="px-6 pb-7 sm:px-8">
        <Button type="button" size="lg" className="w-full" onClick={onClick} disabled={confirm.isPending}>
          {confirm.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <MailCheck aria-hidden="true" />
          )}
          {confirm.isPending ? "Enviando..." : "Confirmar email"}
        </Button>
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
