import type { PushPayload } from "@/domain/push/payload";

/*
 * What the service worker makes of a push (docs/decisions/061-web-push.md): the
 * bell's title and text as a notification, and the page it opens, which is
 * always on this site (a push names a path; anything else opens the home page).
 */

export const PUSH_ICON = "/icons/balcao-192.png";
const FALLBACK_TITLE = "Balcão";

export type ShownNotification = { title: string; options: NotificationOptions & { data: { url: string } } };

/** The notification for a push's text; a push that is not ours still shows something, never throws. */
export function notificationFor(text: string | null, origin: string): ShownNotification {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === "object") payload = parsed as Partial<PushPayload>;
  } catch {
    // Not JSON: shown as the notification's text.
    payload = { texto: text };
  }
  const title = typeof payload.titulo === "string" && payload.titulo ? payload.titulo : FALLBACK_TITLE;
  const body = typeof payload.texto === "string" ? payload.texto : "";
  return {
    title,
    options: {
      body,
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      lang: "pt-BR",
      data: { url: pageOnThisSite(payload.url, origin) },
    },
  };
}

/** The address to open: the push's path on this origin, or the home page for anything else. */
export function pageOnThisSite(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}
