import { Suspense, useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { usePageKey } from "@/web/app/page-key";
import { paths, returnPathFromSearch } from "@/web/config/paths";
import { useLinkResultToasts } from "@/web/features/auth/hooks/use-link-result-toasts";
import { AuthLoader } from "@/web/features/shell/components/auth-loader";
import { useMe } from "@/web/lib/get-me";
import { releasePrerendered } from "@/web/lib/prerendered";

/**
 * Spec §2: /login and /register are for signed-out users; a signed-in user goes
 * to / (history replaced), or back to the request whose e-mailed link brought
 * them to /login (`?next=`, decision 011): also right after signing in here.
 */
export default function AuthRoot() {
  useLinkResultToasts();
  const me = useMe();
  const location = useLocation();
  const pageKey = usePageKey();
  const signedIn = Boolean(me.data);
  // login.html is sent only without a session cookie, but a session can exist anyway (signed in
  // in another tab meanwhile): the prerendered form must not stay over the signed-in pages.
  useLayoutEffect(() => {
    if (signedIn) releasePrerendered();
  }, [signedIn]);
  if (me.isPending) return <AuthLoader />;
  if (me.data) return <Navigate to={returnPathFromSearch(location.search) ?? paths.home.getHref()} replace />;
  return (
    <Suspense key={pageKey} fallback={<AuthLoader />}>
      <Outlet />
    </Suspense>
  );
}
