/*
 * Portuguese agreement for the sentences the generator writes: a verb or a
 * noun follows how many things it speaks of ('Instagram soma' but 'Instagram
 * e LinkedIn somam'), and a date's name takes its own article and gender
 * ('a Black Friday', 'o Natal', 'as Festas Juninas', 'Tiradentes').
 */

/** 'publicação' or 'publicações' for the count. */
export function byCount(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** '1 publicação', '9 publicações'. */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${byCount(count, one, many)}`;
}

type Article = "o" | "a" | "os" | "as" | "";

/* Names that are not 'o Dia de…' and would read wrong with 'o'. */
const ARTICLES: Record<string, Article> = {
  "Confraternização Universal": "a",
  "Independência do Brasil": "a",
  "Proclamação da República": "a",
  "Véspera de Ano-Novo": "a",
  "Quarta-feira de Cinzas": "a",
  "Sexta-feira Santa": "a",
  Páscoa: "a",
  "Black Friday": "a",
  "Cyber Monday": "a",
  "Festas Juninas / São João": "as",
  Tiradentes: "",
  "Nossa Senhora Aparecida": "",
  Finados: "",
  "Corpus Christi": "",
  Natal: "o",
  Carnaval: "o",
};

/** The article a commemorative date takes; '' for names used without one and for the client's own events. */
export function articleOf(name: string): Article {
  return ARTICLES[name] ?? (name.startsWith("Dia ") ? "o" : "");
}

/** Whether a date's name is plural ('as Festas Juninas', 'o Dia das Bruxas e Dia do Saci'). */
export function isPluralName(name: string): boolean {
  return articleOf(name).endsWith("s") || / e Dia /.test(name);
}

const CONTRACTIONS: Record<"de" | "em" | "para" | "a", Record<Exclude<Article, "">, string>> = {
  de: { o: "do", a: "da", os: "dos", as: "das" },
  em: { o: "no", a: "na", os: "nos", as: "nas" },
  para: { o: "para o", a: "para a", os: "para os", as: "para as" },
  a: { o: "ao", a: "à", os: "aos", as: "às" },
};

/** 'para a Black Friday', 'do Natal', 'em Tiradentes'. */
export function withPreposition(preposition: "de" | "em" | "para" | "a", name: string): string {
  const article = articleOf(name);
  return article ? `${CONTRACTIONS[preposition][article]} ${name}` : `${preposition} ${name}`;
}

/** 'a Black Friday', 'o Natal', 'Tiradentes'. */
export function withArticle(name: string): string {
  const article = articleOf(name);
  return article ? `${article} ${name}` : name;
}

/** 'falta 1 dia', 'faltam 3 dias'. */
export function daysLeft(days: number): string {
  return days === 1 ? "falta 1 dia" : `faltam ${days} dias`;
}
