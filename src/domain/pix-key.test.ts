import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, isValidPixKey, MAX_PIX_EMAIL_LENGTH, parsePixKey } from "./pix-key";

describe("isValidCpf", () => {
  it("checks both digits", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("12345678909")).toBe(true);
    expect(isValidCpf("52998224726")).toBe(false);
    expect(isValidCpf("52998224715")).toBe(false);
  });
  it("refuses repeated digits, which pass the arithmetic", () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });
  it("needs exactly 11 digits", () => {
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("529.982.247-25")).toBe(false);
  });
});

describe("isValidCnpj", () => {
  it("checks numeric CNPJs", () => {
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11222333000182")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
  });
  it("checks the alphanumeric CNPJs of July 2026 (letters worth ASCII − 48)", () => {
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE36")).toBe(false);
    expect(isValidCnpj("12ABC34501DF35")).toBe(false);
    // the check digits stay numeric
    expect(isValidCnpj("12ABC34501DE3A")).toBe(false);
  });
});

describe("parsePixKey", () => {
  it.each([
    ["529.982.247-25", "cpf", "52998224725"],
    ["52998224725", "cpf", "52998224725"],
    [" 529 982 247 25 ", "cpf", "52998224725"],
    ["11.222.333/0001-81", "cnpj", "11222333000181"],
    ["11222333000181", "cnpj", "11222333000181"],
    ["12.ABC.345/01DE-35", "cnpj", "12ABC34501DE35"],
    ["12.abc.345/01de-35", "cnpj", "12ABC34501DE35"],
    ["Fulano.Silva@Agencia.COM.br", "email", "fulano.silva@agencia.com.br"],
    ["(11) 99876-5432", "phone", "+5511998765432"],
    ["11998765432", "phone", "+5511998765432"],
    ["+55 11 99876-5432", "phone", "+5511998765432"],
    ["+5511998765432", "phone", "+5511998765432"],
    ["+55 (21) 3333-4444", "phone", "+552133334444"],
    ["(21) 3333-4444", "phone", "+552133334444"],
    ["2133334444", "phone", "+552133334444"],
    ["55 11 99876-5432", "phone", "+5511998765432"],
    ["123E4567-E89B-12D3-A456-426614174000", "evp", "123e4567-e89b-12d3-a456-426614174000"],
    ["123e4567e89b12d3a456426614174000", "evp", "123e4567-e89b-12d3-a456-426614174000"],
  ])("%j is a %s key stored as %s", (input, type, value) => {
    expect(parsePixKey(input)).toEqual({ type, value });
  });

  it("reads a bare 11-digit number as a CPF when it is one, as a phone when written as one", () => {
    // 119.987.654-23 is a valid CPF and also looks like (11) 99876-5423.
    expect(parsePixKey("11998765423")).toEqual({ type: "cpf", value: "11998765423" });
    expect(parsePixKey("(11) 99876-5423")).toEqual({ type: "phone", value: "+5511998765423" });
    expect(parsePixKey("+55 11 99876-5423")).toEqual({ type: "phone", value: "+5511998765423" });
  });

  it.each([
    "",
    "   ",
    "111.111.111-11",
    "529.982.247-26",
    "11.222.333/0001-82",
    "11.111.111/1111-11",
    "12.ABC.345/01DE-36",
    "fulano@",
    "@agencia.com.br",
    "fulano@agencia",
    "fulano silva@agencia.com.br",
    `${"a".repeat(MAX_PIX_EMAIL_LENGTH - "@ag.com".length + 1)}@ag.com`,
    "(11) 89876-5432",
    "(01) 99876-5432",
    "(10) 99876-5432",
    "(11) 1333-4444",
    "(11) 9876-5432",
    "+1 415 555 0100",
    "+55 11 99876-543",
    "1199876543210",
    "123e4567-e89b-12d3-a456-42661417400",
    "123e4567-e89b-12d3-a456-42661417400g",
    "chave qualquer",
    "12345",
  ])("refuses %j", (input) => {
    expect(parsePixKey(input)).toBeNull();
    expect(isValidPixKey(input)).toBe(false);
  });

  it("accepts an e-mail of exactly 77 characters", () => {
    const email = `${"a".repeat(MAX_PIX_EMAIL_LENGTH - "@ag.com".length)}@ag.com`;
    expect(email).toHaveLength(77);
    expect(parsePixKey(email)?.type).toBe("email");
  });
});
