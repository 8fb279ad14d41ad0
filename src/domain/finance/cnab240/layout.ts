/*
 * CNAB 240 records as data. A record is a list of fields, each with its 1-based
 * positions, its kind and where its value comes from; rendering and reading are
 * the same for every bank, so a bank's variant is only a different list.
 *
 * Field formats: FEBRABAN "Layout Padrão de Arquivos CNAB 240" (v10.11), "Padrões
 * de preenchimento": a numeric field (picture 9) is right-aligned and filled with
 * zeros; an alphanumeric field (picture X) is left-aligned and filled with blanks,
 * in capitals and without accents (Itaú's SISPAG manual and Banco do Brasil's
 * "Particularidades" ask the same). Every record is exactly 240 characters.
 */

export const RECORD_LENGTH = 240;

export type FieldType = "num" | "alfa";
export type FieldValue = string | number;

export type Field<C> = {
  readonly name: string;
  /** First position, 1-based, as the manuals number them. */
  readonly start: number;
  /** Last position, included. */
  readonly end: number;
  readonly type: FieldType;
  /** A constant, or what the record's context gives; absent means zeros (num) or blanks (alfa). */
  readonly value?: FieldValue | ((ctx: C) => FieldValue);
  /** What the field holds, in Portuguese, for messages people read. */
  readonly label?: string;
  /**
   * num only: capital letters allowed besides digits. The CNPJ may carry letters in
   * its first 12 characters from July 2026 (Receita Federal, IN RFB 2.229/2024) and
   * keeps its 14 positions in the CNAB files.
   */
  readonly letters?: boolean;
  /** alfa only: written as given, case and punctuation kept (the PIX key as DICT stores it). */
  readonly verbatim?: boolean;
};

export type RecordLayout<C> = readonly Field<C>[];

/** A value that does not fit its field: the file is not written. */
export class LayoutError extends Error {
  override readonly name = "LayoutError";
  /** The payment whose record it was, when there was one. */
  reference: string | null = null;
  constructor(
    readonly field: string,
    readonly start: number,
    readonly end: number,
    message: string,
  ) {
    super(message);
  }
}

export function fieldWidth(field: { start: number; end: number }): number {
  return field.end - field.start + 1;
}

function fieldDescription(field: Field<never>): string {
  return `${field.label ?? field.name} (posições ${field.start} a ${field.end})`;
}

// Letters that Unicode does not decompose into a base letter and an accent.
const LIGATURES: Readonly<Record<string, string>> = {
  ß: "SS",
  Æ: "AE",
  æ: "AE",
  Œ: "OE",
  œ: "OE",
  Ø: "O",
  ø: "O",
  Đ: "D",
  đ: "D",
  Ð: "D",
  ð: "D",
  Ł: "L",
  ł: "L",
  Þ: "TH",
  þ: "TH",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "\u00a0": " ",
};

/** Capitals without accents, as the banks ask for alphanumeric fields: 'João Câmara' → 'JOAO CAMARA'. */
export function toBankText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(
      /[ßÆæ\u0152\u0153Øø\u0110\u0111Ðð\u0141\u0142Þþ\u2018\u2019\u201c\u201d\u2013\u2014\u00a0]/g,
      (char) => LIGATURES[char] ?? char,
    )
    .toUpperCase();
}

/** The characters of a text that a CNAB field cannot carry (anything but printable ASCII). */
export function unwritableCharacters(text: string): string[] {
  return [...new Set([...text].filter((char) => !/^[\x20-\x7e]$/.test(char)))];
}

function formatNumeric(field: Field<never>, value: FieldValue): string {
  const width = fieldWidth(field);
  let text: string;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new LayoutError(
        field.name,
        field.start,
        field.end,
        `${fieldDescription(field)}: ${value} não é um número inteiro positivo.`,
      );
    }
    text = String(value);
  } else {
    text = value;
    const allowed = field.letters ? /^[0-9A-Z]*$/ : /^\d*$/;
    if (!allowed.test(text)) {
      const kind = field.letters ? "só dígitos e letras maiúsculas" : "só dígitos";
      throw new LayoutError(
        field.name,
        field.start,
        field.end,
        `${fieldDescription(field)} aceita ${kind}; recebeu "${text}".`,
      );
    }
  }
  if (text.length > width) {
    throw new LayoutError(
      field.name,
      field.start,
      field.end,
      `${fieldDescription(field)} comporta ${width} dígitos; "${text}" tem ${text.length}.`,
    );
  }
  return text.padStart(width, "0");
}

function formatText(field: Field<never>, value: FieldValue): string {
  const width = fieldWidth(field);
  const text = field.verbatim ? String(value) : toBankText(String(value));
  const unwritable = unwritableCharacters(text);
  if (unwritable.length > 0) {
    throw new LayoutError(
      field.name,
      field.start,
      field.end,
      `${fieldDescription(field)} não pode levar ${unwritable.map((char) => `"${char}"`).join(", ")}.`,
    );
  }
  if (text.length > width) {
    throw new LayoutError(
      field.name,
      field.start,
      field.end,
      `${fieldDescription(field)} comporta ${width} caracteres; "${text}" tem ${text.length}.`,
    );
  }
  return text.padEnd(width, " ");
}

/** The field's text, exactly its width; throws LayoutError when the value does not fit. */
export function formatField<C>(field: Field<C>, value: FieldValue | undefined): string {
  if (value === undefined) return (field.type === "num" ? "0" : " ").repeat(fieldWidth(field));
  return field.type === "num" ? formatNumeric(field, value) : formatText(field, value);
}

function fieldValue<C>(field: Field<C>, ctx: C): FieldValue | undefined {
  return typeof field.value === "function" ? field.value(ctx) : field.value;
}

/**
 * Problems of a layout as a whole: fields must cover positions 1 to 240 once each,
 * in order, with names that appear once. Empty means the layout is sound.
 */
export function checkLayout(fields: RecordLayout<never>): string[] {
  const problems: string[] = [];
  let next = 1;
  const names = new Set<string>();
  for (const field of fields) {
    if (names.has(field.name)) problems.push(`O campo "${field.name}" aparece duas vezes.`);
    names.add(field.name);
    if (field.end < field.start) problems.push(`O campo "${field.name}" termina antes de começar.`);
    if (field.start !== next) {
      problems.push(`O campo "${field.name}" começa na posição ${field.start}; esperava-se a ${next}.`);
    }
    next = field.end + 1;
  }
  if (next !== RECORD_LENGTH + 1)
    problems.push(`Os campos terminam na posição ${next - 1}, não na ${RECORD_LENGTH}.`);
  return problems;
}

/** The record's 240 characters; throws LayoutError when a value does not fit its field. */
export function renderRecord<C>(fields: RecordLayout<C>, ctx: C): string {
  const line = fields.map((field) => formatField(field, fieldValue(field, ctx))).join("");
  if (line.length !== RECORD_LENGTH) {
    throw new LayoutError(
      "record",
      1,
      line.length,
      `O registro ficou com ${line.length} posições, não ${RECORD_LENGTH}.`,
    );
  }
  return line;
}

export type ReadRecord = { ok: true; values: Record<string, string> } | { ok: false; message: string };

/**
 * A record's fields by name: alphanumeric fields without their trailing blanks,
 * numeric fields as their digits. A line of the wrong length, or a numeric field
 * holding anything else, is refused with the reason.
 */
export function readRecord(fields: RecordLayout<never>, line: string): ReadRecord {
  if (line.length !== RECORD_LENGTH) {
    return {
      ok: false,
      message: `A linha tem ${line.length} caracteres; o CNAB 240 exige ${RECORD_LENGTH}.`,
    };
  }
  const values: Record<string, string> = {};
  for (const field of fields) {
    const text = line.slice(field.start - 1, field.end);
    if (field.type === "num" && !(field.letters ? /^[0-9A-Z]+$/ : /^\d+$/).test(text)) {
      return { ok: false, message: `${fieldDescription(field)} deveria ter só dígitos e tem "${text}".` };
    }
    values[field.name] = field.type === "num" ? text : text.trimEnd();
  }
  return { ok: true, values };
}

/** The line with one field rewritten (the bank's return changes a few fields of our remittance). */
export function replaceField<C>(
  line: string,
  fields: RecordLayout<C>,
  name: string,
  value: FieldValue,
): string {
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) throw new LayoutError(name, 0, 0, `O registro não tem o campo "${name}".`);
  return line.slice(0, field.start - 1) + formatField(field, value) + line.slice(field.end);
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * A bank's variant of a FEBRABAN record: each of the bank's fields replaces every
 * FEBRABAN field it overlaps (a field moved, split or turned into blanks), and the
 * rest stays as FEBRABAN has it.
 */
export function mergeLayout<C>(base: RecordLayout<C>, overrides: RecordLayout<C> = []): RecordLayout<C> {
  const kept = base.filter((field) => !overrides.some((override) => overlaps(field, override)));
  return [...kept, ...overrides].sort((a, b) => a.start - b.start);
}
