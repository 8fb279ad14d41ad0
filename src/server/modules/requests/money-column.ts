/*
 * numeric(12,2) columns travel as strings; amounts in the app are integer cents.
 * Converting through strings keeps them exact (no float ever holds money).
 */
export function centsToNumeric(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function numericToCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a numeric(12,2) value: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/**
 * The cents a payment pays: what was approved, or the whole value for a request approved before
 * approvals kept their value (the Painel and the bank's queries read `coalesce` the same way).
 */
export function approvedCents(row: Readonly<Record<string, unknown>>): number {
  return numericToCents(String(row.valorAprovado ?? row.valor));
}
