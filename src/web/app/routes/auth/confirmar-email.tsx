import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/web/config/paths";
import { usePendingConfirmation } from "@/web/features/auth/api/confirm-email";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { ConfirmEmailForm } from "@/web/features/auth/components/confirm-email-form";
import { ConfirmInThisBrowser } from "@/web/features/auth/components/confirm-in-this-browser";

/**
 * Public, signed in or not: the page every confirmation link opens. In the browser that
 * registered, one click confirms; anywhere else the password is chosen here (docs/decisions/009).
 * The token stays in the address only until the e-mail is confirmed (history replaced then).
 */
export default function ConfirmarEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const pending = usePendingConfirmation(token);
  const onLinkInvalid = useCallback(
    () => navigate(paths.auth.login.linkFailed, { replace: true }),
    [navigate],
  );
  const onConfirmed = (email: string) =>
    navigate(paths.auth.login.confirmed, { replace: true, state: { email } });
  return (
    <AuthLayout>
      {pending.data?.sameBrowser ? (
        <ConfirmInThisBrowser
          token={token}
          email={pending.data.email}
          onConfirmed={onConfirmed}
          onLinkInvalid={onLinkInvalid}
        />
      ) : (
        <ConfirmEmailForm token={token} onLinkInvalid={onLinkInvalid} onConfirmed={onConfirmed} />
      )}
    </AuthLayout>
  );
}
