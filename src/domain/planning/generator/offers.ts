import type { CommemorativeDate } from "./commemorative-dates";
import { clip, normalize, stripListMarker } from "./text";

/*
 * What the client typed about a date of the month: 'Black Friday: 3 meses
 * grátis' in the events field, or 'Oferta de Natal: frete grátis' in the
 * notes. The words beside the date's name are the offer, and every post about
 * that date (its day and its warm-up) carries them.
 */

const OFFER_MAX = 200;

/* Words that tie the offer to the name and say nothing on their own. */
const LEADING = /^(?:[\s:;,.\-–—=]+|(?:com|de|da|do|na|no|para|em|oferta|condição|promoção)\b\s*)+/iu;
const TRAILING =
  /(?:[\s:;,.\-–—=(]+|\s(?:com|de|da|do|na|no|nas|nos|para|para a|para o|em|oferta|condição|promoção|a|o))+$/iu;

function segmentsOf(text: string): string[] {
  return text
    .split(/[;\n\r•]+/)
    .map((part) => stripListMarker(part.trim()))
    .filter(Boolean);
}

/* Dates the parser also reads ('27/11', 'dia 27') are no part of an offer. */
function withoutDates(text: string): string {
  return text
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, " ")
    .replace(/\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g, " ")
    .replace(/\b(?:nos?\s+)?dias?\s+\d{1,2}(?:º|°)?\b/giu, " ")
    .replace(/\(\s*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function trimConnectors(text: string): string {
  let current = text.trim();
  for (let previous = ""; previous !== current; ) {
    previous = current;
    current = current.replace(LEADING, "").replace(TRAILING, "").trim();
  }
  return current;
}

/** The words beside `name` in `segment`, or null when there are none worth a sentence. */
function offerIn(segment: string, name: string): string | null {
  const plain = normalize(segment);
  const at = plain.indexOf(normalize(name));
  if (at < 0) return null;
  // normalize() keeps lengths for Portuguese letters, so positions match the original text.
  const after = trimConnectors(withoutDates(segment.slice(at + name.length)));
  const before = trimConnectors(withoutDates(segment.slice(0, at)));
  const offer = after.length >= 3 ? after : before;
  return offer.length >= 3 && /\p{L}/u.test(offer) ? clip(offer, OFFER_MAX) : null;
}

/** Date name → what the client offers on it, from the request's free texts in the order given. */
export function datedOffers(
  texts: ReadonlyArray<string | null | undefined>,
  dates: readonly CommemorativeDate[],
): Map<string, string> {
  const offers = new Map<string, string>();
  for (const text of texts) {
    for (const segment of text ? segmentsOf(text) : []) {
      for (const date of dates) {
        if (offers.has(date.name)) continue;
        const offer = offerIn(segment, date.name);
        if (offer) offers.set(date.name, offer);
      }
    }
  }
  return offers;
}
