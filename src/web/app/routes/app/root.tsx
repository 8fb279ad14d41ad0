import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import type { SecondFactorGate } from "@/domain/auth/auth.schema";
import { safeReturnPath } from "@/domain/auth/return-path";
import { secondFactorOwed } from "@/domain/auth/second-factor-codes";
import { authMessages } from "@/domain/messages";
import { usePageKey } from "@/web/app/page-key";
import { paths } from "@/web/config/paths";
import { useLogout } from "@/web/features/auth/api/logout";
import { NotificationBell } from "@/web/features/notifications/components/notification-bell";
import { AppLayout } from "@/web/features/shell/components/app-layout";
import { AuthLoader } from "@/web/features/shell/components/auth-loader";
import { meQueryKey, useMe } from "@/web/lib/get-me";
import { useLiveEvents } from "@/web/lib/live-events";
import { useOfficeHolidays } from "@/web/lib/office-holidays";
import { toastApiError } from "@/web/lib/toast-api-error";

/** Only for who must enrol a second factor: outside the signed-in pages' first download (decision 025). */
const SecondFactorRequired = lazy(() =>
  import("@/web/features/account/components/second-factor-required").then((m) => ({
    default: m.SecondFactorRequired,
  })),
);

/**
 * The requests kept on this device and their sender (docs/decisions/066): after the page's first
 * paint, outside the signed-in pages' first download (decision 025).
 */
const PendingDrafts = lazy(() =>
  import("@/web/features/drafts/components/pending-drafts").then((m) => ({ default: m.PendingDrafts })),
);

/** What the gate's page asks for: to enrol, the passkey, or a new sign-in with the app's code. */
function secondFactorMode(gate: SecondFactorGate) {
  if (gate.passkeyNeeded) return "passkey" as const;
  return gate.codeNeeded ? ("code" as const) : ("enrol" as const);
}

/**
 * Every page but /login and /register (spec §2, §6): the session check, then
 * the shared layout. A signed-out user goes to /login (history replaced),
 * carrying the request's page they opened, if it is one.
 */
export default function AppRoot() {
  const me = useMe();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const pageKey = usePageKey();
  // Sticky until the recovery codes were seen: enrolling ends `pending` before the last screen.
  const [enrolling, setEnrolling] = useState(false);
  const owed = me.data ? secondFactorOwed(me.data.secondFactor) : false;
  if (owed && !enrolling) setEnrolling(true);
  // One live stream for the signed-in person; it closes when they sign out. None while enrolling:
  // the server refuses it (docs/decisions/055).
  useLiveEvents(enrolling ? undefined : me.data?.user.id);
  // The office's holidays, so the web counts and shades days as the server does (docs/decisions/060).
  useOfficeHolidays(enrolling ? undefined : me.data?.user.id);

  if (me.isPending) return <AuthLoader />;
  // A request's page (an e-mailed link) is where sign-in brings them back (decision 011); else /.
  if (!me.data) return <Navigate to={paths.auth.login.getHref(safeReturnPath(location.pathname))} replace />;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.auth.login.getHref(), { replace: true }),
      onError: (error) => toastApiError(error, authMessages.logoutFailed),
    });

  if (enrolling) {
    // The server answers 403 to everything else until a second factor is enrolled (docs/decisions/055).
    if (location.pathname !== paths.app.segundoFator.path)
      return <Navigate to={paths.app.segundoFator.getHref()} replace />;
    return (
      <Suspense fallback={<AuthLoader />}>
        <SecondFactorRequired
          user={me.data.user}
          mode={secondFactorMode(me.data.secondFactor)}
          onLogout={onLogout}
          loggingOut={logout.isPending}
          onDone={async () => {
            await queryClient.invalidateQueries({ queryKey: meQueryKey });
            setEnrolling(false);
            navigate(paths.home.getHref(), { replace: true });
          }}
        />
      </Suspense>
    );
  }

  return (
    <AppLayout
      user={me.data.user}
      access={me.data.access}
      onLogout={onLogout}
      loggingOut={logout.isPending}
      topBarActions={<NotificationBell />}
    >
      {/* Requests kept on this device without a connection, sent when it returns (docs/decisions/066). */}
      <Suspense fallback={null}>
        <PendingDrafts owner={me.data.user.id} />
      </Suspense>
      {/* The page's chunk may still be loading when the session check answers (router.tsx). */}
      <Suspense key={pageKey} fallback={null}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
