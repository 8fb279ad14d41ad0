import { Loader2, LogIn, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useVerifyMagicLink } from "../api/magic-link";
import { AuthHeader } from "./auth-layout";

/**
 * The page an e-mailed sign-in link opens. Mail scanners (Microsoft 365, Google, Proofpoint)
 * open every link before the person does; opening this page spends nothing, and only the
 * person's click on 'Entrar' does (src/server/auth/magic-link.ts).
 */
export function MagicLinkLanding(props: {
  token: string;
  next: string | null;
  onSignedIn: (to: string) => void;
}) {
  const verify = useVerifyMagicLink();
  const refused =
    props.token === "" || (verify.error instanceof ApiRequestError && verify.error.code === "LINK_INVALID");
  const onClick = () =>
    verify.mutate(
      { token: props.token, ...(props.next ? { next: props.next } : {}) },
      {
        onSuccess: (result) => props.onSignedIn(result.to),
        onError: (error) => {
          if (!(error instanceof ApiRequestError && error.code === "LINK_INVALID"))
            toastApiError(error, authMessages.linkInvalid);
        },
      },
    );
  return (
    <>
      <AuthHeader
        title={refused ? authMessages.linkInvalid.title : "Entrar no Balcão"}
        subtitle={
          refused
            ? authMessages.linkInvalid.description
            : "Clique no botão para entrar. O link vale uma vez, por 10 minutos."
        }
      />
      <div className="flex flex-col gap-4 px-6 pb-7 sm:px-8">
        {refused ? (
          <p
            role="alert"
            className="flex gap-2.5 rounded-md border border-destructive/20 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Peça um novo link na página de login.</span>
          </p>
        ) : (
          <Button type="button" size="lg" className="w-full" onClick={onClick} disabled={verify.isPending}>
            {verify.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <LogIn aria-hidden="true" />
            )}
            {verify.isPending ? "Entrando..." : "Entrar"}
          </Button>
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
