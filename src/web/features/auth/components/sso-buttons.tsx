import { Loader2, LogIn } from "lucide-react";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useConfig } from "../api/get-config";
import { useStartSso } from "../api/sso";

/**
 * 'Entrar com Google', 'Entrar com Microsoft', 'Entrar com <name>': one button per identity
 * provider the server has configured, none otherwise (docs/decisions/052). Below the form, so
 * that their arrival after the configuration loads moves nothing the person is looking at.
 */
export function SsoButtons({
  returnTo = null,
  divider = true,
}: {
  returnTo?: string | null;
  divider?: boolean;
}) {
  const providers = useConfig().data?.sso ?? [];
  const start = useStartSso();
  if (providers.length === 0) return null;
  // Busy from the click until the browser leaves for the provider.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className="flex flex-col gap-3" data-testid="sso-buttons">
      {divider ? (
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          ou
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={busy}
          onClick={() =>
            start.mutate(
              { provider: provider.id, ...(returnTo ? { returnTo } : {}) },
              { onError: (error) => toastApiError(error, authMessages.loginFailed) },
            )
          }
        >
          {busy && start.variables?.provider === provider.id ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <LogIn aria-hidden="true" />
          )}
          Entrar com {provider.name}
        </Button>
      ))}
    </div>
  );
}
