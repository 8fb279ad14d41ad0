import type { PublicPost } from "@/domain/planning/share-api";

/** A week's posts by suggested day, in date order; posts without one last. */
export function postsByDay(posts: readonly PublicPost[]): { day: string | null; posts: PublicPost[] }[] {
  const days = new Map<string | null, PublicPost[]>();
  for (const post of posts) days.set(post.data_sugerida, [...(days.get(post.data_sugerida) ?? []), post]);
  return [...days.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([day, list]) => ({ day, posts: list }));
}

const dayFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
});

/** '2026-11-01' → 'Domingo, 1 de novembro' (a calendar day: no time zone can move it). */
export function dayLabel(day: string | null): string {
  if (!day) return "Sem data sugerida";
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  const text = dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
