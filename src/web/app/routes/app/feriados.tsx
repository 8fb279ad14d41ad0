import { HolidaysPage } from "@/web/features/holidays/components/holidays-page";

/** 'Feriados' (docs/decisions/060): behind RequireAccess(["admin", "rh"]) in the router. */
export default function FeriadosRoute() {
  return <HolidaysPage />;
}
