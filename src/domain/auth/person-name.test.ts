import { describe, expect, it } from "vitest";
import { checkPersonName, PERSON_NAME_MAX, personNameProblem } from "./person-name";

describe("the one rule for a person's name", () => {
  it("accepts names of 3 to 100 characters, counted after trimming", () => {
    for (const name of [
      "Ana",
      "  Zoë  ",
      "José da Silva",
      "Ana-Maria D'Ávila",
      "a".repeat(PERSON_NAME_MAX),
    ]) {
      expect(personNameProblem(name), name).toBeNull();
    }
  });

  it("refuses fewer than 3 characters with the spec's message", () => {
    for (const name of ["", "Jo", "  Jo  ", null, undefined]) {
      expect(checkPersonName(name), String(name)).toBe("Nome deve ter pelo menos 3 caracteres");
    }
  });

  it("refuses more than 100 characters with ours", () => {
    expect(checkPersonName("a".repeat(PERSON_NAME_MAX + 1))).toBe("Nome deve ter no máximo 100 caracteres");
    // Characters as people count them: 100 accented letters or emoji are 100, not 200.
    expect(personNameProblem("😀".repeat(PERSON_NAME_MAX))).toBeNull();
  });

  it("refuses control characters and bidi overrides inside the name", () => {
    for (const name of [
      "Ana\nSouza",
      "Ana\tSouza",
      "Ana\u0000",
      "Ana\u007f!",
      "Ana \u202eazuoS",
      "Ana\u2066x",
    ]) {
      expect(checkPersonName(name), JSON.stringify(name)).toBe("Nome contém caracteres inválidos");
    }
  });
});
