import { describe, expect, it } from "vitest";
import { defaultUserName, firstName } from "./user-name";

describe("defaultUserName (spec §3)", () => {
  it("prefers the name given at sign-up", () =>
    expect(defaultUserName("  Ana Souza ", "x@y.z")).toBe("Ana Souza"));
  it("falls back to the part before the at-sign", () => {
    expect(defaultUserName("", "ana.souza@agencia.digital")).toBe("ana.souza");
    expect(defaultUserName(null, "ana@agencia.digital")).toBe("ana");
  });
  it("ends with an empty string", () => {
    expect(defaultUserName(undefined, undefined)).toBe("");
    expect(defaultUserName(" ", "sem-arroba")).toBe("");
  });
});

describe("firstName (top bar)", () => {
  it("takes the first word, or 'Usuário'", () => {
    expect(firstName("Ana Maria Souza")).toBe("Ana");
    expect(firstName("  ")).toBe("Usuário");
    expect(firstName(null)).toBe("Usuário");
  });
});
