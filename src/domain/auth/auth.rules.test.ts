import { describe, expect, it } from "vitest";
import { authMessages } from "../messages";
import { checkLogin, checkNewPassword, checkPasswordChoice, checkRegistration } from "./auth.rules";

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
    ]) {
      const failure = checkRegistration({ ...ok, email, confirmPassword: "x" }, domains);
      expect(failure?.title, email).toBe("Domínio não permitido");
      expect(failure?.description).toBe(
        "Apenas emails com domínios @agencia.digital e @agencia.com.br são permitidos.",
      );
    }
  });

  it("2. an address with an at-sign must be one mailbox (docs/decisions/028), before its domain", () => {
    for (const email of [
      "@agencia.digital",
      "x@gmail.com,y@agencia.digital",
      "Eve <eve@gmail.com> z@agencia.digital",
      "atk@gmail.com\r\nBcc: y@agencia.digital",
      "ana@agencia.digital\r\n",
    ]) {
      expect(checkRegistration({ ...ok, email, confirmPassword: "x" }, domains), email).toEqual({
        ...authMessages.emailInvalid,
        rule: "EMAIL_INVALID",
        fields: { email: authMessages.emailInvalid.description },
      });
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

describe("after the spec's four: ours", () => {
  it("5. a password longer than better-auth takes", () => {
    const long = "x".repeat(129);
    expect(checkRegistration({ ...ok, password: long, confirmPassword: long }, domains)).toMatchObject({
      ...authMessages.passwordTooLong,
      rule: "PASSWORD_TOO_LONG",
    });
  });

  it("6. then the one name rule: 'Jo' cannot register (it could never sign a reimbursement)", () => {
    expect(checkRegistration({ ...ok, name: " Jo " }, domains)).toEqual({
      title: "Nome inválido",
      description: "Nome deve ter pelo menos 3 caracteres",
      rule: "NAME_INVALID",
      fields: { name: "Nome deve ter pelo menos 3 caracteres" },
    });
    expect(checkRegistration({ ...ok, name: "a".repeat(101) }, domains)?.fields.name).toBe(
      "Nome deve ter no máximo 100 caracteres",
    );
    expect(checkRegistration({ ...ok, name: "Ana\nSouza" }, domains)?.rule).toBe("NAME_INVALID");
    // The spec's rules come first.
    expect(checkRegistration({ ...ok, name: "Jo", password: "1", confirmPassword: "1" }, domains)?.rule).toBe(
      "PASSWORD_TOO_SHORT",
    );
  });
});

describe("checkPasswordChoice (set-password page of a confirmation)", () => {
  const choice = { name: "Ana Souza", password: "123456", confirmPassword: "123456" };
  it("uses the registration's rules and messages, without the e-mail", () => {
    expect(checkPasswordChoice(choice)).toBeNull();
    expect(checkPasswordChoice({ ...choice, password: "" })?.rule).toBe("REQUIRED_FIELDS");
    expect(checkPasswordChoice({ ...choice, confirmPassword: "654321" })).toMatchObject(
      authMessages.passwordsDiffer,
    );
    expect(checkPasswordChoice({ ...choice, password: "12345", confirmPassword: "12345" })).toMatchObject(
      authMessages.passwordTooShort,
    );
    expect(checkPasswordChoice({ ...choice, name: "Jo" })?.fields).toEqual({
      name: "Nome deve ter pelo menos 3 caracteres",
    });
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

describe("checkNewPassword (docs/decisions/050): the sign-up's password rules, with or without the current one", () => {
  it("asks for every field, the current password too when changing", () => {
    expect(checkNewPassword({ currentPassword: "", password: "", confirmPassword: "" })).toMatchObject({
      rule: "REQUIRED_FIELDS",
      fields: {
        currentPassword: authMessages.requiredFields.description,
        password: authMessages.requiredFields.description,
        confirmPassword: authMessages.requiredFields.description,
      },
    });
    expect(Object.keys(checkNewPassword({ password: "", confirmPassword: "" })!.fields)).toEqual([
      "password",
      "confirmPassword",
    ]);
  });

  it("gives the sign-up's own answers, in its order", () => {
    const same = (password: string, confirmPassword = password) => [
      checkNewPassword({ password, confirmPassword }),
      checkRegistration({ ...ok, password, confirmPassword }, domains),
    ];
    for (const [password, confirm] of [["abc"], ["123456", "654321"], ["a".repeat(129)]]) {
      const [mine, signUp] = same(password!, confirm);
      expect(mine).toEqual(signUp);
    }
    expect(
      checkNewPassword({ currentPassword: "x", password: "123456", confirmPassword: "123456" }),
    ).toBeNull();
  });
});
