/*
 * Small text helpers for the generator. Everything the generator writes goes
 * into a plan a person reads and edits, so lists read like Portuguese prose
 * ('a, b e c') and user text is clipped before it can break the schema's bounds.
 */

const ITEM_MAX = 120;

/** 'abc…' when longer than `max`; the schema refuses longer text instead of cutting it. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase("pt-BR") + text.slice(1);
}

/**
 * Lower-cases a leading capital only when the first word is an ordinary word
 * ('Varejo de moda' → 'varejo de moda', 'O que' → 'o que'), so acronyms
 * ('TI', 'SEO') survive.
 */
export function lowerFirstWord(text: string): string {
  const ordinary = /^\p{Lu}\p{Ll}*(?![\p{L}\d])/u.test(text);
  return ordinary ? text.charAt(0).toLocaleLowerCase("pt-BR") + text.slice(1) : text;
}

/** ['a'] → 'a'; ['a', 'b'] → 'a e b'; ['a', 'b', 'c'] → 'a, b e c'. */
export function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

/** For keyword matching only: 'Promoção' and 'promocao' are the same word to a person typing fast. */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

function isSeparator(text: string, index: number): boolean {
  const char = text[index];
  if (char === ";" || char === "\n" || char === "\r" || char === "•") return true;
  // '30,00' is a price, not two items.
  return char === "," && !/\d/.test(text[index + 1] ?? "");
}

/** Separators inside parentheses belong to the item: 'Bolos (chocolate, morango)'. */
function splitOutsideParentheses(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? "";
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && isSeparator(text, index)) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** Leading list markers people paste from documents: '- ', '* ', '1. ', '2) '. */
export function stripListMarker(item: string): string {
  return item.replace(/^(?:[-*\u2013\u2014]+|\d{1,2}[.)])\s*/, "").trim();
}

/** A free-text list typed in the plan form ('Dicas, bastidores; depoimentos'), cleaned and without repeats. */
export function splitList(text: string | null | undefined, max = 30): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of splitOutsideParentheses(text)) {
    const item = clip(stripListMarker(part.trim()), ITEM_MAX);
    const key = normalize(item);
    if (!item || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items.slice(0, max);
}
