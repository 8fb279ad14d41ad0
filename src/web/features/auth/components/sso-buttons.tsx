import { lazy, Suspense } from "react";
import { useConfig } from "../api/get-config";

const SsoButtonList = lazy(() => import("./sso-button-list"));

/**
 * 'Entrar com Google', 'Entrar com Microsoft', 'Entrar com <name>': one button per identity
 * provider the server has configured, none otherwise (docs/decisions/052). Below the form, so
 * that their arrival after the configuration loads moves nothing the person is looking at. Their
 * code is downloaded only when there is one: /login's budget (docs/decisions/025).
 */
export function SsoButtons({
  returnTo = null,
  divider = true,
}: {
  returnTo?: string | null;
  divider?: boolean;
}) {
  const providers = useConfig().data?.sso ?? [];
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SsoButtonList providers={providers} returnTo={returnTo} divider={divider} />
    </Suspense>
  );
}
