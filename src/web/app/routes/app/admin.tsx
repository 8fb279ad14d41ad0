import { TeamsPage } from "@/web/features/admin/components/teams-page";

/** 'Equipes e permissões' (issue 11): behind RequireAccess("admin") in the router. */
export default function AdminRoute() {
  return <TeamsPage />;
}
