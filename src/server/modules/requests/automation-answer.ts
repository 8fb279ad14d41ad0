import { squashSpaces, stripTags } from "../../http/plain-text";

const MAX_RESPONSE_TEXT = 300;
export function responseSummary(body: string | undefined): string | null {
  if (!body) return null;
  let text = body;
  try {
    const json = JSON.parse(body) as unknown;
    if (typeof json === "string") text = json;
    else if (json && typeof json === "object") {
      const field = ["message", "mensagem", "resposta", "result", "text"].find(
        (k) => typeof (json as Record<string, unknown>)[k] === "string",
      );
      if (field) text = (json as Record<string, string>)[field]!;
    }
  } catch {
    // Not JSON: the text itself.
  }
  text = squashSpaces(stripTags(text));
  if (!text) return null;
  return text.length > MAX_RESPONSE_TEXT ? `${text.slice(0, MAX_RESPONSE_TEXT - 1).trimEnd()}…` : text;
}
