import { useLocation, useNavigate } from "react-router";
import { emailFromState, paths } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { RegisterForm } from "@/web/features/auth/components/register-form";

export default function RegisterRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <RegisterForm
        defaultEmail={emailFromState(location.state)}
        onSuccess={(email) => navigate(paths.auth.login.getHref(), { state: { email } })}
      />
    </AuthLayout>
  );
}
