import fc from "fast-check";

/*
 * The hostile values the API fuzzer mixes into every field: wrong types, text PostgreSQL
 * cannot store (NUL, lone surrogates), control and bidirectional characters, injection
 * look-alikes, dates that do not exist, numbers past every limit, and, rarely, a 100 KB
 * string or a deeply nested value. None of them names an internal (a stack frame, an
 * exception, SQL), so an answer that echoes one back is not mistaken for a leak.
 */

const HOSTILE_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "a\u0000b",
  "\u0000",
  "\uD800",
  "x\uDC00y",
  "\u202Efdp.exe",
  "\u200B",
  "😀𝕏ção",
  "' OR '1'='1",
  '"; drop table users; --',
  "../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "%252e%252e%252f",
  "<script>alert(1)</script>",
  // A template expression as text, for a server that would evaluate it.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the point.
  "${7*7}{{7*7}}",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x10",
  "__proto__",
  "constructor",
  "R$ -1,00",
  "R$ 999.999.999.999,99",
  "R$ 0,00",
  "9".repeat(400),
  "2024-02-30",
  "0000-00-00",
  "9999-12-31",
  "-001-01-01",
  "atk@gmail.com\r\nBcc: y@agencia.digital",
  "x@gmail.com,y@agencia.digital",
  "Eve <eve@gmail.com> z@agencia.digital",
  "javascript:alert(1)",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
];

const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  true,
  false,
  null,
  [],
  {},
  [1, "dois"],
  { a: 1 },
  "123",
];

/** A string that exceeds every limit of ours: 100 KB (1 MB is the body limit). */
export const HUGE_STRING = "\u00e7".repeat(50_000);

/** An array nested `depth` deep, built without recursion. */
export function deepValue(depth: number): unknown {
  let value: unknown = "fundo";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** JSON text nested `depth` deep: deeper than JSON.stringify would write without a deep stack. */
export const deepJsonText = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 20 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 4 },
    { arbitrary: fc.constant("x".repeat(5_000)), weight: 1 },
  );

/** Any hostile value: a wrong type, a hostile string, or (a small share) something huge or deep. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 10 },
    { arbitrary: hostileString(), weight: 10 },
    { arbitrary: fc.constant(HUGE_STRING), weight: 1 },
    { arbitrary: fc.constant(deepValue(500)), weight: 1 },
  );

/** `arbitrary` once in `oneIn` values, null otherwise. */
export const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });

/** Plain text a person might type, with Portuguese letters. */
export const humanText = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    "Almoço com cliente",
    "Táxi para a reunião na agência",
    "Preciso de acesso ao sistema de ponto.",
    "Conferir com a política",
    "Ok",
    "Revisar o calendário de novembro",
    "Maria José da Silva",
  );

export const urls = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    "https://site.example/pagina",
    "https://cursos.example/curso-1",
    "http://localhost:3000/api/me",
    "nao-e-url",
    "javascript:alert(1)",
    "file:///etc/passwd",
    `https://${"a".repeat(300)}.example`,
  );

/** Dates as the forms send them: mostly the last weeks (what a request may be dated), some far off or impossible. */
export const dates = (): fc.Arbitrary<string> => {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return fc.oneof(
    { arbitrary: fc.nat({ max: 40 }).map(day), weight: 4 },
    {
      arbitrary: fc
        .date({ min: new Date("2000-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom("2024-02-29", "2023-02-29", "1900-01-01"), weight: 1 },
  );
};

export const amounts = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    "R$ 150,00",
    "R$ 1.500,00",
    "150",
    "150.5",
    "R$ 0,01",
    "1.234,56",
    "abc",
    "R$ 10.000.000,00",
  );

/** Addresses as typed: the people's own, other companies', and the forms the domain rule must refuse. */
export const emailTexts = (known: string[]): fc.Arbitrary<string> =>
  fc.oneof(...(known.length ? [{ arbitrary: fc.constantFrom(...known), weight: 4 }] : []), {
    arbitrary: fc.constantFrom(
      "nova.pessoa@agencia.digital",
      "NOVA.PESSOA@AGENCIA.DIGITAL",
      "x@gmail.com",
      "x@agencia.digital.evil.example",
      "x@sub.agencia.digital",
      "@agencia.digital",
      "x@",
      "x@gmail.com,y@agencia.digital",
      "Eve <eve@gmail.com> z@agencia.digital",
      "eve@gmail.com z@agencia.digital",
      "atk@gmail.com\r\nBcc: y@agencia.digital",
      `${"a".repeat(250)}@agencia.digital`,
      '"a b"@agencia.digital',
      "x@agência.digital",
    ),
    weight: 3,
  });
