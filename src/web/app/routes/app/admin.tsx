import { TeamsPage } from "@/web/features/admin/components/teams-page";

/** 'Equipes e permissões' (decision 011): behind RequireAccess("admin") in the router. */
export default function AdminRoute() {
  return <TeamsPage />;
}
