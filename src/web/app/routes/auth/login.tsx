import { useLocation, useNavigate } from "react-router";
import { emailFromState, paths } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { LoginForm } from "@/web/features/auth/components/login-form";

export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <LoginForm
        defaultEmail={emailFromState(location.state)}
        onSuccess={() => navigate(paths.home.getHref(), { replace: true })}
      />
    </AuthLayout>
  );
}
