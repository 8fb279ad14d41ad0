import type { Painel } from "@/domain/painel/api";

/*
 * The Painel's answer reshaped for the charts: one object per month with one
 * key per series (Recharts' shape). Pure, so it is tested without a browser.
 */

export type MonthRow = { mes: string } & Record<string, number | string>;

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** '2026-03' → 'mar/26'. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

export function requestsByMonth(painel: Painel): MonthRow[] {
  return painel.meses.map((mes) => {
    const row: MonthRow = { mes: monthLabel(mes) };
    for (const tipo of painel.tipos) row[tipo] = 0;
    for (const r of painel.porMes) if (r.mes === mes) row[r.tipo] = r.total;
    return row;
  });
}

/** The series names (cost centres or expense types) found in the period, in alphabetical order. */
export function amountSeries(painel: Painel, by: "centroCusto" | "tipoDespesa"): string[] {
  return [...new Set(painel.valores.map((v) => v[by]))].sort((a, b) => a.localeCompare(b, "pt-BR"));
}

/** Approved or paid amounts (in reais, for the axis) per month, one key per cost centre or expense type. */
export function amountsByMonth(
  painel: Painel,
  by: "centroCusto" | "tipoDespesa",
  measure: "aprovadoCentavos" | "pagoCentavos",
): MonthRow[] {
  const series = amountSeries(painel, by);
  return painel.meses.map((mes) => {
    const row: MonthRow = { mes: monthLabel(mes) };
    for (const s of series) row[s] = 0;
    for (const v of painel.valores) if (v.mes === mes) row[v[by]] = (row[v[by]] as number) + v[measure] / 100;
    return row;
  });
}

/** Hours as people read them: '5 h' under two days, '3,5 dias' beyond. */
export function durationText(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 48) return `${hours.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} h`;
  return `${(hours / 24).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} dias`;
}
