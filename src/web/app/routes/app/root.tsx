import { Navigate, Outlet, useNavigate } from "react-router";
import { authMessages } from "@/domain/messages";
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
 * the shared layout. A signed-out user goes to /login (history replaced).
 */
export default function AppRoot() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  // One live stream for the signed-in person; it closes when they sign out.
  useLiveEvents(me.data?.user.id);

  if (me.isPending) return <AuthLoader />;
  if (!me.data) return <Navigate to={paths.auth.login.getHref()} replace />;

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
      <Outlet />
    </AppLayout>
  );
}
