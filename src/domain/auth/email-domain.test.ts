import { describe, expect, it } from "vitest";
import { emailDomain, isAllowedEmailDomain } from "./email-domain";

describe("e-mail domain check", () => {
  const allowed = ["agencia.digital", "agencia.com.br"];
  it("matches the domain exactly and ignores case", () => {
    expect(isAllowedEmailDomain("Ana@Agencia.Digital", allowed)).toBe(true);
    expect(isAllowedEmailDomain("ana@agencia.com.br", allowed)).toBe(true);
    expect(isAllowedEmailDomain("ana@agencia.com", allowed)).toBe(false);
    expect(isAllowedEmailDomain("ana@xagencia.digital", allowed)).toBe(false);
    expect(isAllowedEmailDomain("ana@agencia.digital@gmail.com", allowed)).toBe(false);
  });
  it("needs an at-sign with something on both sides", () => {
    expect(emailDomain("semarroba")).toBeNull();
    expect(emailDomain("@agencia.digital")).toBeNull();
    expect(emailDomain("ana@")).toBeNull();
    expect(emailDomain("ana@AGENCIA.digital ")).toBe("agencia.digital");
  });
});
