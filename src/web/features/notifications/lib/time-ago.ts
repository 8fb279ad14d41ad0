import { formatInstantDateTime } from "@/web/lib/format";

const relative = new Intl.RelativeTimeFormat("pt-BR", { numeric: "auto" });

/** 'agora', 'há 5 minutos', 'há 2 horas', 'ontem', 'há 3 dias'; after a week the date and time. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return "agora";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 7) return relative.format(-days, "day");
  return formatInstantDateTime(iso);
}
