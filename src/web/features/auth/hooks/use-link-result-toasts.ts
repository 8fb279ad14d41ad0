import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { SSO_LOGIN_PARAM } from "@/domain/auth/sso-login-param";
import { authMessages, type Notice } from "@/domain/messages";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useConfig } from "../api/get-config";

const showError = (notice: Notice) =>
  notifyError(notice.title, { id: "link-result", description: notice.description });

/** Locations already handled, so React's StrictMode double effect does not toast twice. */
const handled = new Set<string>();

/**
 * The server answers e-mailed links by redirecting here: `?confirmed=1` after
 * an e-mail confirmation, `?error=link` for an invalid or expired link, and an
 * identity provider's sign-in as `?sso=<why it was refused>` (docs/decisions/052). Toast
 * once, then drop the parameter (history replaced) so a reload does not repeat it.
 */
export function useLinkResultToasts(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useConfig();
  const domains = config.data?.allowedEmailDomains;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const confirmed = params.get("confirmed") === "1";
    const linkError = params.get("error") === "link";
    const refusal = params.get(SSO_LOGIN_PARAM);
    if (!confirmed && !linkError && refusal === null) return;
    // The domain message names the allowed domains: it waits for them (or for the failure to get them).
    if (refusal === "dominio" && !domains && config.isPending) return;
    if (!handled.has(location.key)) {
      handled.add(location.key);
      if (confirmed) {
        notifySuccess(authMessages.emailConfirmed.title, {
          id: "link-result",
          description: authMessages.emailConfirmed.description,
        });
      } else if (refusal === null) {
        showError(authMessages.linkInvalid);
      } else {
        // Only a refused SSO sign-in needs these messages: they stay out of /login's download.
        void import("@/domain/auth/sso-refusals").then(({ isSsoRefusal, ssoRefusalMessage }) =>
          showError(ssoRefusalMessage(isSsoRefusal(refusal) ? refusal : "falhou", domains ?? [])),
        );
      }
    }
    params.delete("confirmed");
    params.delete("error");
    params.delete(SSO_LOGIN_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, domains, config.isPending]);
}
