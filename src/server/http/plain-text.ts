/**
 * Every `<…>` tag becomes one space, as `text.replace(/<[^>]*>/g, " ")` would,
 * in one pass over the text. That pattern backtracks: on "<<<<…" with no `>` it
 * tries every `<` against the whole rest, quadratic time (seconds for 100,000
 * characters of a receiver's answer). Here each character is looked at once:
 * a tag runs from a `<` to the next `>`; once no `>` follows, the rest is text.
 */
export function stripTags(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<", from);
    const close = open === -1 ? -1 : text.indexOf(">", open + 1);
    if (close === -1) return out + text.slice(from);
    out += `${text.slice(from, open)} `;
    from = close + 1;
  }
}

/**
 * Runs of whitespace as one space, trimmed. `/\s+/g` never backtracks (every
 * run it starts is a match), so it stays linear.
 */
export function squashSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
