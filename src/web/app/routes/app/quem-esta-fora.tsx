import { AbsenceCalendarPage } from "@/web/features/absences/components/absence-calendar-page";

/** 'Quem está fora' (decision 040): every signed-in person. */
export default function QuemEstaForaRoute() {
  return <AbsenceCalendarPage />;
}
