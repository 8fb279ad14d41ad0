import { useCallback, useState } from "react";

/** How the editorial calendar is shown: the month grid (the agenda on a phone) or the spec's table by week. */
export type CalendarLayout = "grade" | "tabela";

const STORAGE_KEY = "balcao:plan-calendar-layout";

function stored(): CalendarLayout {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "tabela" ? "tabela" : "grade";
  } catch {
    // Storage refused (private mode, a policy): the grid, as for a first visit.
    return "grade";
  }
}

/** The layout last chosen on this browser, in read and in edit mode alike. */
export function useCalendarLayout(): [CalendarLayout, (layout: CalendarLayout) => void] {
  const [layout, setLayout] = useState<CalendarLayout>(stored);
  const choose = useCallback((next: CalendarLayout) => {
    setLayout(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  }, []);
  return [layout, choose];
}
