import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { ConfirmEmailForm } from "@/web/features/auth/components/confirm-email-form";

/**
 * Public, signed in or not: the server sends here a confirmation link opened
 * outside the browser that registered. The token stays in the address only
 * until the password is chosen (history replaced then).
 */
export default function ConfirmarEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const onLinkInvalid = useCallback(
    () => navigate(paths.auth.login.linkFailed, { replace: true }),
    [navigate],
  );
  return (
    <AuthLayout>
      <ConfirmEmailForm
        token={token}
        onLinkInvalid={onLinkInvalid}
        onConfirmed={(email) => navigate(paths.auth.login.confirmed, { replace: true, state: { email } })}
      />
    </AuthLayout>
  );
}
