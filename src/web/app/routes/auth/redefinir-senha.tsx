import { useNavigate, useSearchParams } from "react-router";
import { passwordMessages } from "@/domain/messages";
import { paths } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { ResetPasswordForm } from "@/web/features/auth/components/reset-password-form";
import { notifySuccess } from "@/web/lib/notify";

/**
 * The e-mailed reset link's page (docs/decisions/050), public whether signed in
 * or not. Once the password is set every session has ended, this browser's too:
 * to /login with the address, history replaced so the token leaves the address bar.
 */
export default function RedefinirSenhaRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  return (
    <AuthLayout>
      <ResetPasswordForm
        token={token}
        onDone={(email) => {
          notifySuccess(passwordMessages.resetDone.title, {
            description: passwordMessages.resetDone.description,
          });
          navigate(paths.auth.login.getHref(), { replace: true, state: { email } });
        }}
      />
    </AuthLayout>
  );
}
