import { useSearchParams } from "react-router";
import { safeReturnPath } from "@/domain/auth/return-path";
import { AuthLayout } from "@/web/features/auth/components/auth-layout";
import { MagicLinkLanding } from "@/web/features/auth/components/magic-link-landing";

/**
 * Public whether signed in or not: the page an e-mailed sign-in link opens. Once signed in the
 * whole app loads again at the page asked for (a fresh session, its first page drawn by the
 * server), and the token leaves the history.
 */
export default function LinkDeAcessoRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <MagicLinkLanding
        token={params.get("token") ?? ""}
        next={safeReturnPath(params.get("next"))}
        onSignedIn={(to) => window.location.replace(to)}
      />
    </AuthLayout>
  );
}
