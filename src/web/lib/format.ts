import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { AGENCY_TIME_ZONE } from "@/domain/shell/greeting";

/** An instant as São Paulo's calendar day, dd/MM/yyyy (spec §9). */
export function formatInstantDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateBR(todayInSaoPaulo(date));
}

const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: AGENCY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

/** '05/03/2025 às 14:30', São Paulo time. */
export function formatInstantDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatInstantDate(iso)} às ${timeFormat.format(date)}`;
}

const sizeFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** 2048 → '2 KB', 1572864 → '1,5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
