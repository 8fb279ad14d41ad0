import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { authMessages } from "@/domain/messages";
import { notifyError, notifySuccess } from "@/web/lib/notify";

/** Locations already handled, so React's StrictMode double effect does not toast twice. */
const handled = new Set<string>();

/**
 * The server answers e-mailed links by redirecting here: `?confirmed=1` after
 * an e-mail confirmation, `?error=link` for an invalid or expired link. Toast
 * once, then drop the parameter (history replaced) so a reload does not repeat it.
 */
export function useLinkResultToasts(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const confirmed = params.get("confirmed") === "1";
    const linkError = params.get("error") === "link";
    if (!confirmed && !linkError) return;
    if (!handled.has(location.key)) {
      handled.add(location.key);
      if (confirmed) {
        notifySuccess(authMessages.emailConfirmed.title, {
          id: "link-result",
          description: authMessages.emailConfirmed.description,
        });
      } else {
        notifyError(authMessages.linkInvalid.title, {
          id: "link-result",
          description: authMessages.linkInvalid.description,
        });
      }
    }
    params.delete("confirmed");
    params.delete("error");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}
