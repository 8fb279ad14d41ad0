import { describe, expect, it } from "vitest";
import { PayingAccountInputSchema } from "./bank-api";

const ACCOUNT = {
  perfil: "itau",
  banco: "341",
  agencia: "0123",
  conta: "45678",
  contaDigito: "9",
  cnpj: "11.222.333/0001-81",
  razaoSocial: "Agência Digital Ltda",
  convenio: "0",
};

describe("'Conta pagadora'", () => {
  it("takes what the form sends and what it outputs alike (the form validates, then the server again)", () => {
    const once = PayingAccountInputSchema.parse({ ...ACCOUNT, agenciaDigito: "" });
    expect(once).toMatchObject({ agenciaDigito: null, cnpj: "11222333000181" });
    expect(PayingAccountInputSchema.parse(once)).toEqual(once);
  });

  it("says which field is wrong, in Portuguese", () => {
    const result = PayingAccountInputSchema.safeParse({ ...ACCOUNT, perfil: "bb", convenio: "ABC" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages).toEqual([
      ["banco", "O perfil Banco do Brasil é do banco 001: confira o código do banco"],
      ["convenio", "Convênio: o número do convênio de pagamento, até 9 dígitos"],
    ]);
  });
});
