import { useLocation } from "react-router";
import { emailFromState } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { ForgotPasswordForm } from "@/web/features/auth/components/forgot-password-form";

/**
 * 'Esqueci minha senha' (docs/decisions/050). Public whether signed in or not: the
 * 'Sua senha foi alterada' e-mail links here too. /login passes the e-mail typed there.
 */
export default function EsqueciSenhaRoute() {
  const location = useLocation();
  return (
    <AuthLayout>
      <ForgotPasswordForm defaultEmail={emailFromState(location.state)} />
    </AuthLayout>
  );
}
