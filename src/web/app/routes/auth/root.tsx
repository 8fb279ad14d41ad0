import { Navigate, Outlet } from "react-router";
import { paths } from "@/web/config/paths";
import { useLinkResultToasts } from "@/web/features/auth/hooks/use-link-result-toasts";
import { AuthLoader } from "@/web/features/shell/components/auth-loader";
import { useMe } from "@/web/lib/get-me";

/** Spec §2: /login and /register are for signed-out users; a signed-in user goes to / (history replaced). */
export default function AuthRoot() {
  useLinkResultToasts();
  const me = useMe();
  if (me.isPending) return <AuthLoader />;
  if (me.data) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
