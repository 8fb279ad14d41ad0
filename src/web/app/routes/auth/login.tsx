import { startTransition, useLayoutEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { emailFromState, paths, returnPathFromSearch } from "@/web/config/paths";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { LoginForm } from "@/web/features/auth/components/login-form";
import { releasePrerendered } from "@/web/lib/prerendered";

export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  // The one place sign-in does not land on /: back to the e-mailed request (decision 011).
  const returnTo = returnPathFromSearch(location.search);
  // The same markup as login.html's prerendered page, which goes in this commit (decision 025).
  useLayoutEffect(releasePrerendered, []);
  return (
    <AuthLayout>
      <LoginForm
        defaultEmail={emailFromState(location.state)}
        returnTo={returnTo}
        // An e-mailed link of an account with an authenticator app lands here (docs/decisions/054).
        secondStep={new URLSearchParams(location.search).get("etapa") === "codigo"}
        // A transition: the form stays on screen while the signed-in layout's chunk loads,
        // instead of a blank page (the router's navigations are not transitions).
        onSuccess={() => startTransition(() => navigate(returnTo ?? paths.home.getHref(), { replace: true }))}
      />
    </AuthLayout>
  );
}
