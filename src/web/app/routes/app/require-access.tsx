import { Navigate, Outlet } from "react-router";
import type { Access } from "@/domain/auth/auth.schema";
import { paths } from "@/web/config/paths";
import { useMe } from "@/web/lib/get-me";

/**
 * Spec §6: staff-only areas. Rendered inside the protected layout, so `me` is
 * known here; users off the allow-list go to / (history replaced).
 */
export function RequireAccess({ access }: { access: keyof Access }) {
  const { data } = useMe();
  if (!data?.access[access]) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
