import { describe, expect, it } from "vitest";
import { authMessages } from "../messages";
import { checkLogin, checkRegistration } from "./auth.rules";

const domains = ["agencia.digital", "agencia.com.br"];
const ok = { name: "Ana", email: "ana@agencia.digital", password: "123456", confirmPassword: "123456" };

describe("checkRegistration (spec §5, in order)", () => {
  it("accepts a complete, valid sign-up", () => {
    expect(checkRegistration(ok, domains)).toBeNull();
    expect(checkRegistration({ ...ok, email: "ana@AGENCIA.COM.BR" }, domains)).toBeNull();
  });

  it("1. asks for all four fields first, even when other rules also fail", () => {
    const failure = checkRegistration(
      { name: " ", email: "x@gmail.com", password: "1", confirmPassword: "2" },
      domains,
    );
    expect(failure).toMatchObject({ ...authMessages.requiredFields, rule: "REQUIRED_FIELDS" });
    expect(Object.keys(failure!.fields)).toEqual(["name"]);
    expect(checkRegistration({}, domains)?.rule).toBe("REQUIRED_FIELDS");
  });

  it("2. then the at-sign and the company domain", () => {
    for (const email of [
      "ana.agencia.digital",
      "ana@gmail.com",
      "ana@sub.agencia.digital",
      "ana@agencia.digital.com",
      "@agencia.digital",
    ]) {
      const failure = checkRegistration({ ...ok, email, confirmPassword: "x" }, domains);
      expect(failure?.title, email).toBe("Domínio não permitido");
      expect(failure?.description).toBe(
        "Apenas emails com domínios @agencia.digital e @agencia.com.br são permitidos.",
      );
    }
  });

  it("3. then the confirmation, 4. then the length", () => {
    expect(checkRegistration({ ...ok, password: "1", confirmPassword: "2" }, domains)?.rule).toBe(
      "PASSWORDS_DIFFER",
    );
    expect(checkRegistration({ ...ok, password: "12345", confirmPassword: "12345" }, domains)).toMatchObject(
      authMessages.passwordTooShort,
    );
  });
});

describe("checkLogin (spec §5)", () => {
  it("asks for the e-mail, then the password in password mode only", () => {
    expect(checkLogin({ email: "", password: "" }, "password")?.title).toBe("Email obrigatório");
    expect(checkLogin({ email: "a@b.c", password: "" }, "password")?.title).toBe("Senha obrigatória");
    expect(checkLogin({ email: "a@b.c" }, "magic-link")).toBeNull();
    expect(checkLogin({ email: "  " }, "magic-link")?.description).toBe(
      "Por favor, informe seu email para continuar.",
    );
  });
});
