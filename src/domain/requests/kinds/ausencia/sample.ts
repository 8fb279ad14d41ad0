import { addDays } from "../../../dates";
import { businessDaysInPeriod } from "../../../sla/business-hours";
import { defineKindSample, nth } from "../kind-sample";
import { ABSENCE_TYPE_VALUES } from "./options";

/**
 * A day off in a week to come, week `n` of the next 45 (a person is away once at a time, so each
 * sample of one person takes its own week); not 'Férias', whose CLT rules depend on the person's
 * admission (docs/decisions/060). Multipart: every value a string.
 */
export const ausenciaSample = defineKindSample({
  body: ({ n, today }) => {
    const first = addDays(today, 14 + 7 * (n % 45));
    return { tipo: "folga", primeiroDia: first, ultimoDia: addDays(first, 4), observacao: "" };
  },
  record: ({ name, n, createdAt }) => {
    const primeiroDia = addDays(createdAt.toISOString().slice(0, 10), 14 + (n % 30));
    const ultimoDia = addDays(primeiroDia, n % 10);
    return {
      nome: name,
      tipo: nth(ABSENCE_TYPE_VALUES, n),
      primeiroDia,
      ultimoDia,
      diasUteis: businessDaysInPeriod(primeiroDia, ultimoDia),
      observacao: null,
    };
  },
  ends: { decided: "aprovado", settled: null, refused: "recusado" },
});
