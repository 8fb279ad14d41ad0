import { z } from "zod";

/*
 * 'Assinar calendário' (docs/decisions/060): one secret address per person serving two iCalendar
 * feeds. The address is shown once, when it is made; the server keeps only its SHA-256.
 */

export const FEED_FILES = {
  whoIsAway: "quem-esta-fora.ics",
  own: "minhas-ausencias.ics",
} as const;

/** The public path of a feed: `/calendario/<token>/<file>`. */
export function feedPath(token: string, file: (typeof FEED_FILES)[keyof typeof FEED_FILES]): string {
  return `/calendario/${token}/${file}`;
}

/** 32 random bytes in base64url: 43 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedMessages = {
  notFound: "Calendário não encontrado",
  created: "Novo link gerado",
  createdDescription: "Os links anteriores deixaram de funcionar.",
  revoked: "Links desativados",
} as const;

export const FeedTokenParamsSchema = z.object({ token: z.string().max(200) });

export const CalendarFeedStatusSchema = z.object({
  ativo: z.boolean(),
  /** When the current address was made (ISO instant), null without one. */
  criadoEm: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** The two absolute addresses, given once. */
export const CalendarFeedLinksSchema = z.object({
  quemEstaFora: z.string(),
  minhasAusencias: z.string(),
  criadoEm: z.string(),
});
export type CalendarFeedLinks = z.infer<typeof CalendarFeedLinksSchema>;
