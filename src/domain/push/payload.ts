/*
 * What a push carries (docs/decisions/061-web-push.md): the bell's title and
 * text, and the page the bell opens, nothing more (the push service sees only
 * ciphertext, but the phone's lock screen shows it). Kept well under the 4 KB a
 * push service accepts (RFC 8291's record, less its 86 bytes of overhead).
 */

export type PushPayload = { titulo: string; texto: string | null; url: string };

/** At most this many bytes of JSON, whatever the bell's text holds. */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
const TITLE_MAX_CHARS = 120;
const TEXT_MAX_CHARS = 600;

/** The page a bell's notification opens: a plan's viewer, or the request's page (as the bell's link). */
export function notificationPath(subjectKind: string, subjectId: string): string {
  return subjectKind === "planejamento"
    ? `/planejamento/visualizar/${encodeURIComponent(subjectId)}`
    : `/solicitacoes/${encodeURIComponent(subjectKind)}/${encodeURIComponent(subjectId)}`;
}

export function buildPushPayload(notification: {
  title: string;
  body: string | null;
  subjectKind: string;
  subjectId: string;
}): PushPayload {
  const url = notificationPath(notification.subjectKind, notification.subjectId);
  const payload: PushPayload = {
    titulo: shorten(notification.title, TITLE_MAX_CHARS),
    texto: notification.body === null ? null : shorten(notification.body, TEXT_MAX_CHARS),
    url,
  };
  // Characters are not bytes: a text of emoji is four times its length. Cut until it fits.
  while (byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES) {
    if (payload.texto && payload.texto.length > 1)
      payload.texto = shorten(payload.texto, payload.texto.length / 2);
    else if (payload.titulo.length > 1) payload.titulo = shorten(payload.titulo, payload.titulo.length / 2);
    else break;
  }
  return payload;
}

export function byteLength(payload: PushPayload): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length;
}

/** At most `max` characters (code points, never half a surrogate pair), '…' when cut. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text.trim());
  const limit = Math.max(1, Math.floor(max));
  return chars.length <= limit ? chars.join("") : `${chars.slice(0, limit - 1).join("")}…`;
}
