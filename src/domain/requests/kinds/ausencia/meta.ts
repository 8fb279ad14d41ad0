import { defineKindMeta } from "../kind-meta";

export const ausenciaMeta = defineKindMeta({
  kind: "ausencia",
  label: "Ausência",
  slug: "ausencia",
  formPath: "/ausencia",
  icon: "CalendarOff",
  chartColour: "#14b8a6",
  nav: { order: 125, summary: "Peça férias, folga, licença ou banco de horas ao RH" },
  handledBy: "rh",
  calendar: { first: "primeiroDia", last: "ultimoDia" },
});
