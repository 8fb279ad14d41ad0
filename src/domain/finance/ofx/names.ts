/*
 * Names as banks write them: upper case, no accents ('JOAO', 'CONCEICAO'),
 * often cut at a fixed width ('MARIA DA CONCEICAO S', 'FUNDAME10/06') and
 * with a date glued to the last letters (Itaú's 'PIX TRANSF JOAO S27/11').
 */

/** Particles of Brazilian names that say nothing about who someone is. */
const PARTICLES = new Set(["DA", "DAS", "DE", "DI", "DO", "DOS", "DU", "E"]);

/** Upper case, accents and cedillas removed, anything else than letters and digits turned into a space. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/** Words of a text, letters and digits split apart where a bank glued them ('S27' → 'S', '27'). */
export function words(text: string): string[] {
  const spaced = normalizeText(text)
    .replace(/([A-Z])(?=\d)/g, "$1 ")
    .replace(/(\d)(?=[A-Z])/g, "$1 ");
  return spaced === "" ? [] : spaced.split(" ");
}

/** The words of a person's name that identify them: no particles, no numbers. */
export function nameWords(name: string): string[] {
  return words(name).filter((word) => !PARTICLES.has(word) && /^[A-Z]+$/.test(word));
}

/** Letters and digits only, upper case: how a PIX txid is looked for inside a bank's text. */
export function compact(text: string): string {
  return normalizeText(text).replaceAll(" ", "");
}

/** Shortest tail a bank may have left of a cut surname and still count ('SIL' for SILVA; 'S' does not). */
const MIN_CUT_WORD = 3;

/**
 * Whether a bank's text (one field: NAME or MEMO) names this payee: the first
 * name as a whole word, then, after it, at least one more word of the name
 * (the surname, or any other: banks cut long names at a fixed width and
 * abbreviate middle names). The text's last word may be cut: it counts when
 * it is the start of one of the name's words. A one-word name must appear
 * whole.
 */
export function textNamesPayee(bankWords: readonly string[], payee: readonly string[]): boolean {
  const [first, ...others] = payee;
  if (first === undefined) return false;
  const at = bankWords.indexOf(first);
  if (at === -1) return false;
  if (others.length === 0) return true;
  const after = bankWords.slice(at + 1).filter((word) => /^[A-Z]+$/.test(word));
  if (others.some((word) => after.includes(word))) return true;
  // Only the last word can be cut: the bank's width ends there (dates and
  // numbers after it were stripped above).
  const last = after[after.length - 1];
  return (
    last !== undefined &&
    last.length >= MIN_CUT_WORD &&
    others.some((word) => word.startsWith(last) && word !== last)
  );
}
