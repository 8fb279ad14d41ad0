import { expect } from "vitest";

/*
 * Reading our records with a layout description we did not write: a field at its
 * positions, its picture (9: digits, right-aligned; X: left-aligned capitals), its
 * default, and the value we expect there. The descriptions come from cnab_yaml or
 * are transcribed in the tests from the bank's manual, each with its source.
 */

export type DescribedField = {
  name: string;
  start: number;
  end: number;
  /** cnab_yaml's picture: '9(5)', '9(13)V9(2)', 'X(30)'. */
  picture: string;
  default?: string | number;
};

export type FieldRules = {
  /** Field → why it does not apply to our record (the reason is the documentation). */
  skip?: Record<string, string>;
  /** Field → the value expected there, before padding; wins over the description's default. */
  expect?: Record<string, string | number>;
  /** Fields written as given (the PIX key): lower case allowed. */
  verbatim?: readonly string[];
  /** Field → why the description's picture does not match its own positions (an erratum). */
  errata?: Record<string, string>;
  /** Only these fields of the description apply to this record. */
  only?: readonly string[];
};

export function pictureOf(picture: string): { type: "num" | "alfa"; width: number } {
  const match = /^([9X])\((\d+)\)(?:V9\((\d+)\))?$/.exec(picture);
  if (!match) throw new Error(`Picture desconhecida: ${picture}`);
  return { type: match[1] === "9" ? "num" : "alfa", width: Number(match[2]) + Number(match[3] ?? 0) };
}

function checkDefault(slice: string, field: DescribedField, type: "num" | "alfa", where: string): void {
  if (field.default === undefined) return;
  const text = String(field.default);
  // cnab_yaml writes default '' on numeric fields that have no constant.
  if (type === "num" && text === "") return;
  if (type === "num") expect(Number(slice), `${where}: default`).toBe(Number(text));
  else expect(slice.trimEnd(), `${where}: default`).toBe(text.trimEnd());
}

/** Checks every described field of the line; returns the names it checked. */
export function checkFields(
  line: string,
  described: readonly DescribedField[],
  rules: FieldRules = {},
): string[] {
  const names = new Set(described.map((field) => field.name));
  for (const name of [
    ...Object.keys(rules.skip ?? {}),
    ...Object.keys(rules.expect ?? {}),
    ...(rules.only ?? []),
  ]) {
    expect(names.has(name), `a regra cita "${name}", que a descrição não tem`).toBe(true);
  }
  const checked: string[] = [];
  for (const field of described) {
    if (rules.skip?.[field.name] || (rules.only && !rules.only.includes(field.name))) continue;
    const where = `${field.name} (${field.start}–${field.end})`;
    const { type, width } = pictureOf(field.picture);
    const positions = field.end - field.start + 1;
    if (!rules.errata?.[field.name]) expect(width, `${where}: picture ${field.picture}`).toBe(positions);
    const slice = line.slice(field.start - 1, field.end);
    if (type === "num") {
      expect(slice, `${where}: numérico`).toMatch(/^\d+$/);
    } else {
      expect(slice, `${where}: alinhado à esquerda`).not.toMatch(/^ +\S/);
      expect(slice, `${where}: ASCII imprimível`).toMatch(/^[\x20-\x7e]*$/);
      if (!rules.verbatim?.includes(field.name))
        expect(slice, `${where}: maiúsculas`).toBe(slice.toUpperCase());
    }
    const expected = rules.expect?.[field.name];
    if (expected === undefined) checkDefault(slice, field, type, where);
    else if (type === "num") expect(slice, where).toBe(String(expected).padStart(positions, "0"));
    else expect(slice, where).toBe(String(expected).padEnd(positions, " "));
    checked.push(field.name);
  }
  return checked;
}

/** A bank's description over the generic one: each bank field replaces the generic fields it overlaps. */
export function overlay(
  generic: readonly DescribedField[],
  bank: readonly DescribedField[],
): DescribedField[] {
  const kept = generic.filter(
    (field) => !bank.some((own) => own.start <= field.end && field.start <= own.end),
  );
  return [...kept, ...bank].sort((a, b) => a.start - b.start);
}
