import { describe, expect, it } from "vitest";
import { authMessages } from "../messages";
import { SuporteInputSchema } from "../requests/kinds/suporte";
import { TeamInputSchema, teamMessages } from "../teams/team";
import { checkLogin, checkRegistration } from "./auth.rules";
import { emailDomain, isAllowedEmailDomain } from "./email-domain";
import { isDomainName, MAILBOX_MAX, parseMailbox } from "./mailbox";

const long = (local: number, domain = "agencia.digital") => `${"a".repeat(local)}@${domain}`;
const label63 = "d".repeat(63);
/** The longest mailbox: 64 + 1 + 189 = 254 characters. */
const LONGEST = `${"a".repeat(64)}@${label63}.${label63}.${"e".repeat(58)}.br`;

/** One mailbox, and what it is kept as (lower case, surrounding spaces and tabs dropped). */
const VALID: [string, string][] = [
  ["ana@agencia.digital", "ana@agencia.digital"],
  ["Ana.Souza@Agencia.COM.BR", "ana.souza@agencia.com.br"],
  ["  ana@agencia.digital\t", "ana@agencia.digital"],
  ["o'neil+fin@agencia.digital", "o'neil+fin@agencia.digital"],
  ["!#$%&'*+-/=?^_`{|}~@agencia.digital", "!#$%&'*+-/=?^_`{|}~@agencia.digital"],
  ["a.b.c@sub-1.agencia.digital", "a.b.c@sub-1.agencia.digital"],
  ["ana@xn--agncia-jva.com.br", "ana@xn--agncia-jva.com.br"],
  ["ana@agencia.xn--p1ai", "ana@agencia.xn--p1ai"],
  [long(64), long(64)],
  [LONGEST, LONGEST],
];

const INVALID: string[] = [
  "",
  " ",
  "ana",
  "ana.agencia.digital",
  "@agencia.digital",
  "ana@",
  "x@gmail.com,y@agencia.digital",
  "Eve <eve@gmail.com> z@agencia.digital",
  "<eve@gmail.com>",
  "Eve <eve@agencia.digital>",
  "eve@gmail.com z@agencia.digital",
  "eve@gmail.com;z@agencia.digital",
  "atk@gmail.com\r\nBcc: y@agencia.digital",
  "ana@agencia.digital\r\n",
  "ana@agencia.digital\n",
  "\nana@agencia.digital",
  "ana\u0000@agencia.digital",
  "ana@agencia.digital\u0000",
  '"eve@gmail.com"@agencia.digital',
  '"ana"@agencia.digital',
  "eve(comentario)@agencia.digital",
  "ana@@agencia.digital",
  "eve@gmail.com@agencia.digital",
  "ana..souza@agencia.digital",
  ".ana@agencia.digital",
  "ana.@agencia.digital",
  "ana@agencia..digital",
  "ana@.agencia.digital",
  "ana@agencia.digital.",
  "ana@agencia",
  "ana@-agencia.digital",
  "ana@agencia-.digital",
  "ana@agencia_x.digital",
  "ana@127.0.0.1",
  "ana@[127.0.0.1]",
  "ana@agência.digital",
  "joão@agencia.digital",
  "ana@аgencia.digital", // a Cyrillic а: a homograph of the company's domain
  "ana@agencia.digital\u200b",
  "ana\u00a0@agencia.digital",
  "ana@agencia.digital\u2028",
  "ana\\@agencia.digital",
  long(65),
  `ana@${"d".repeat(64)}.digital`,
  long(MAILBOX_MAX - "@agencia.digital".length + 1, "agencia.digital"),
  `${LONGEST}r`,
  `${" ".repeat(100_000)}x`,
  `${"a.".repeat(50_000)}@agencia.digital`,
];

describe("one mailbox (docs/decisions/028)", () => {
  it.each(VALID)("takes %j as %j", (text, kept) => {
    expect(parseMailbox(text)).toBe(kept);
  });

  it.each(INVALID.map((text) => [text]))("refuses %j", (text) => {
    expect(parseMailbox(text)).toBeNull();
  });

  it("is the one rule: the sign-up, the sign-in, the teams and the support form decide alike", () => {
    const domains = ["agencia.digital", "agencia.com.br"];
    const registration = (email: string) =>
      checkRegistration({ name: "Ana Souza", email, password: "123456", confirmPassword: "123456" }, domains);
    const member = TeamInputSchema.shape.members.unwrap().element;
    const support = SuporteInputSchema.shape.email;
    for (const [text, kept] of VALID) {
      expect(checkLogin({ email: text }, "magic-link"), text).toBeNull();
      expect(member.safeParse(text).data, text).toBe(kept);
      expect(support.safeParse(text).data, text).toBe(kept);
      expect(emailDomain(text), text).toBe(kept.split("@")[1]);
    }
    for (const text of INVALID.filter((t) => t.trim() !== "")) {
      const invalid = authMessages.emailInvalid;
      expect(checkLogin({ email: text, password: "x" }, "password"), text).toEqual({
        ...invalid,
        rule: "EMAIL_INVALID",
        fields: { email: invalid.description },
      });
      expect(member.safeParse(text).error?.issues[0]?.message, text).toBe(teamMessages.memberInvalid);
      expect(support.safeParse(text).error?.issues[0]?.message, text).toBe("Email inválido");
      expect(isAllowedEmailDomain(text, domains), text).toBe(false);
      expect(emailDomain(text), text).toBeNull();
      // The spec's rule 2 keeps its message for a text without an at-sign.
      expect(registration(text)?.rule, text).toBe(
        text.includes("@") ? "EMAIL_INVALID" : "DOMAIN_NOT_ALLOWED",
      );
    }
  });

  it("takes a domain of letter-digit-hyphen labels, written in ASCII (xn-- for an internationalised one)", () => {
    for (const domain of ["agencia.digital", "Agencia.COM.br", "xn--agncia-jva.com.br", "a-1.b2.io"]) {
      expect(isDomainName(domain), domain).toBe(true);
    }
    for (const domain of [
      "agencia",
      "agência.com.br",
      "-agencia.digital",
      "agencia-.digital",
      "agencia..digital",
      "agencia.digital.",
      "agencia.123",
      "agencia_x.digital",
      "agencia.digital,outra.com",
      `${"d".repeat(64)}.digital`,
      `${"d.".repeat(127)}br`,
    ]) {
      expect(isDomainName(domain), domain).toBe(false);
    }
  });
});
