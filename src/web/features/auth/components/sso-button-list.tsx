import { Loader2, LogIn } from "lucide-react";
import type { PublicConfig } from "@/domain/auth/auth.schema";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useStartSso } from "../api/sso";

/** The buttons of sso-buttons.tsx, downloaded only where a provider is configured (docs/decisions/025). */
export default function SsoButtonList({
  providers,
  returnTo,
  divider,
}: {
  providers: PublicConfig["sso"];
  returnTo: string | null;
  divider: boolean;
}) {
  const start = useStartSso();
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
