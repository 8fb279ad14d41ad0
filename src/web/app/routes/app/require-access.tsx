import { Navigate, Outlet } from "react-router";
import type { Access } from "@/domain/auth/auth.schema";
import { paths } from "@/web/config/paths";
import { useMe } from "@/web/lib/get-me";

/**
 * Spec §6: staff-only areas. Rendered inside the protected layout, so `me` is
 * known here; users off the allow-list go to / (history replaced). A list
 * opens to anyone with one of them (the Painel: administrators or team members).
 */
export function RequireAccess({ access }: { access: keyof Access | readonly (keyof Access)[] }) {
  const { data } = useMe();
  const areas: readonly (keyof Access)[] = typeof access === "string" ? [access] : access;
  if (!areas.some((area) => data?.access[area])) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
