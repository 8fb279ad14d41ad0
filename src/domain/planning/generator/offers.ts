import { type CommemorativeDate, sameOccasion } from "./commemorative-dates";
import { clip, normalize, stripListMarker } from "./text";
import { parseUserEvents } from "./user-events";

/*
 * What the client typed about a date of the month: 'Black Friday: 3 meses
 * grátis' in the events field, or 'Oferta de Natal: frete grátis' in the
 * notes. The words beside the date's name are the offer, and every post about
 * that date (its day and its warm-up) carries them.
 */

const OFFER_MAX = 200;

/* Words that tie the offer to the name and say nothing on their own. */
const LEADING =
  /^(?:[\s:;,.\-\u2013\u2014=]+|(?:com|de|da|do|na|no|para|em|oferta|condição|promoção)\b\s*)+/iu;
const TRAILING =
  /(?:[\s:;,.\-\u2013\u2014=(]+|\s(?:com|de|da|do|na|no|nas|nos|para|para a|para o|em|oferta|condição|promoção|a|o))+$/iu;

function segmentsOf(text: string): string[] {
  return text
    .split(/[;\n\r\u2022]+/)
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

const OFFER_WORDS =
  /grat|%|desconto|r\$|frete|cupom|oferta|promoc|condic|brinde|\boff\b|parcel|cashback|leve \d|compre/;

/** Whether the words are an offer ('3 meses grátis', '20% de desconto') rather than some other wish for the date. */
export function isOffer(text: string): boolean {
  return OFFER_WORDS.test(normalize(text));
}

/** The sentence a post about the date carries: 'Oferta do cliente para a data: 3 meses grátis.' */
export function offerLabel(text: string): string {
  return isOffer(text) ? "Oferta do cliente para a data" : "Pedido do cliente para a data";
}

/**
 * Date name → what the client says about it, from the request's free texts in
 * the order given. A segment dated on another day ('Live de Natal dia 20') is
 * an event of the client's, not words about the date.
 */
export function datedOffers(
  texts: ReadonlyArray<string | null | undefined>,
  dates: readonly CommemorativeDate[],
): Map<string, string> {
  const offers = new Map<string, string>();
  const first = dates[0]?.date;
  const [year, month] = first ? [Number(first.slice(0, 4)), Number(first.slice(5, 7))] : [0, 0];
  for (const text of texts) {
    for (const segment of text ? segmentsOf(text) : []) {
      // 'dia 20' is read in the month of the first date given: the plan's month.
      const dated = first ? parseUserEvents(segment, year, month)[0]?.date : null;
      for (const date of dates) {
        if (offers.has(date.name) || !sameOccasion(dated ?? null, date)) continue;
        const offer = offerIn(segment, date.name);
        if (offer) offers.set(date.name, offer);
      }
    }
  }
  return offers;
}
