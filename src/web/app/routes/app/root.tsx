import { Suspense } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { safeReturnPath } from "@/domain/auth/return-path";
import { authMessages } from "@/domain/messages";
import { usePageKey } from "@/web/app/router";
import { paths } from "@/web/config/paths";
import { useLogout } from "@/web/features/auth/api/logout";
import { NotificationBell } from "@/web/features/notifications/components/notification-bell";
import { AppLayout } from "@/web/features/shell/components/app-layout";
import { AuthLoader } from "@/web/features/shell/components/auth-loader";
import { useMe } from "@/web/lib/get-me";
import { useLiveEvents } from "@/web/lib/live-events";
import { toastApiError } from "@/web/lib/toast-api-error";

/**
 * Every page but /login and /register (spec §2, §6): the session check, then
 * the shared layout. A signed-out user goes to /login (history replaced),
 * carrying the request's page they opened, if it is one.
 */
export default function AppRoot() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const pageKey = usePageKey();
  // One live stream for the signed-in person; it closes when they sign out.
  useLiveEvents(me.data?.user.id);

  if (me.isPending) return <AuthLoader />;
  // A request's page (an e-mailed link) is where sign-in brings them back (decision 011); else /.
  if (!me.data) return <Navigate to={paths.auth.login.getHref(safeReturnPath(location.pathname))} replace />;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.auth.login.getHref(), { replace: true }),
      onError: (error) => toastApiError(error, authMessages.logoutFailed),
    });

  return (
    <AppLayout
      user={me.data.user}
      access={me.data.access}
      onLogout={onLogout}
      loggingOut={logout.isPending}
      topBarActions={<NotificationBell />}
    >
      {/* The page's chunk may still be loading when the session check answers (router.tsx). */}
      <Suspense key={pageKey} fallback={null}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
