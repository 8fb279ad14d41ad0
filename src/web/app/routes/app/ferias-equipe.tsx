import { TeamVacationsPage } from "@/web/features/time-off/components/team-vacations-page";

/** 'Férias da equipe' (docs/decisions/060): behind RequireAccess(["admin", "rh"]) in the router. */
export default function FeriasEquipeRoute() {
  return <TeamVacationsPage />;
}
