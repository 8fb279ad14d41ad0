import { describe, expect, it } from "vitest";
import { z } from "zod";
import { todayInSaoPaulo } from "../../../dates";
import { ReembolsoInputSchema, reembolsoInputSchema } from "./definition";

const today = "2026-01-01";
const schema = reembolsoInputSchema(today);
const valid = {
  nome: "Ana Souza",
  data: "2025-12-15",
  tipo: "alimentacao",
  centroCusto: "ti",
  valor: "R$\u00a01.234,56",
  chavePix: "529.982.247-25",
  descricao: "Almoço com cliente",
};

/** The first message for each field of a failed parse. */
function errorsOf(input: unknown, s: z.ZodType = schema): Record<string, string | undefined> {
  const result = s.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(z.flattenError(result.error).fieldErrors).map(([k, v]) => [k, (v as string[])[0]]),
  );
}

describe("ReembolsoInputSchema (spec §5 Reimbursement)", () => {
  it("accepts a valid request and outputs cents and the normalised PIX key", () => {
    expect(schema.parse(valid)).toEqual({
      nome: "Ana Souza",
      data: "2025-12-15",
      tipo: "alimentacao",
      centroCusto: "ti",
      valor: 123456,
      chavePix: "52998224725",
      descricao: "Almoço com cliente",
    });
  });

  it("nome: at least 3 characters, trimmed", () => {
    expect(errorsOf({ ...valid, nome: "  Jo " }).nome).toBe("Nome deve ter pelo menos 3 caracteres");
    expect(errorsOf({ ...valid, nome: undefined }).nome).toBe("Nome deve ter pelo menos 3 caracteres");
    expect(schema.parse({ ...valid, nome: "  Ana  " }).nome).toBe("Ana");
    // The one name rule (domain/auth/person-name.ts), the same as at sign-up.
    expect(errorsOf({ ...valid, nome: "a".repeat(101) }).nome).toBe("Nome deve ter no máximo 100 caracteres");
    expect(errorsOf({ ...valid, nome: "Ana\u202eSouza" }).nome).toBe("Nome contém caracteres inválidos");
  });

  it("data: required, a real yyyy-mm-dd date", () => {
    for (const data of [undefined, "", "15/12/2025", "2025-02-29", "2025-12-15T10:00:00Z"]) {
      expect(errorsOf({ ...valid, data }).data, String(data)).toBe("Por favor selecione uma data");
    }
  });

  it("data: within the window (1 January of the previous year to today)", () => {
    expect(schema.parse({ ...valid, data: "2025-01-01" }).data).toBe("2025-01-01");
    expect(schema.parse({ ...valid, data: "2026-01-01" }).data).toBe("2026-01-01");
    expect(errorsOf({ ...valid, data: "2024-12-31" }).data).toBe("Data fora do período permitido");
    expect(errorsOf({ ...valid, data: "2026-01-02" }).data).toBe("Data fora do período permitido");
    // On 31 December the window still opens on 1 January of the year before.
    expect(errorsOf({ ...valid, data: "2024-01-01" }, reembolsoInputSchema("2025-12-31"))).toEqual({});
  });

  it("the static schema reads São Paulo's today at validation time", () => {
    const todaySp = todayInSaoPaulo();
    expect(ReembolsoInputSchema.safeParse({ ...valid, data: todaySp }).success).toBe(true);
    const nextYear = `${Number(todaySp.slice(0, 4)) + 1}-01-01`;
    expect(errorsOf({ ...valid, data: nextYear }, ReembolsoInputSchema).data).toBe(
      "Data fora do período permitido",
    );
  });

  it("refuses to build with a today that is no date", () => {
    expect(() => reembolsoInputSchema("01/01/2026")).toThrow(RangeError);
  });

  it("tipo: required, one of the list", () => {
    for (const tipo of [undefined, "", "viagem", 1]) {
      expect(errorsOf({ ...valid, tipo }).tipo, String(tipo)).toBe("Por favor selecione um tipo de despesa");
    }
    for (const tipo of ["alimentacao", "transporte", "hospedagem", "material", "outros"]) {
      expect(schema.parse({ ...valid, tipo }).tipo).toBe(tipo);
    }
  });

  it("centroCusto: 'geral' when missing or empty; an unknown one is refused", () => {
    expect(schema.parse({ ...valid, centroCusto: undefined }).centroCusto).toBe("geral");
    expect(schema.parse({ ...valid, centroCusto: "" }).centroCusto).toBe("geral");
    expect(errorsOf({ ...valid, centroCusto: "rh" }).centroCusto).toBe(
      "Por favor selecione um centro de custo",
    );
  });

  it("valor: a pt-BR amount above zero, output in cents", () => {
    expect(schema.parse({ ...valid, valor: "1234,56" }).valor).toBe(123456);
    expect(schema.parse({ ...valid, valor: "0,07" }).valor).toBe(7);
    expect(schema.parse({ ...valid, valor: "R$ 19,99" }).valor).toBe(1999);
    expect(schema.parse({ ...valid, valor: "1.000.000,01" }).valor).toBe(100000001);
    for (const valor of [undefined, "", "R$ 0,00", "abc", "1,2,3", "-5,00", 12.5]) {
      expect(errorsOf({ ...valid, valor }).valor, String(valor)).toBe("Valor deve ser um número válido");
    }
  });

  it("chavePix: optional; '' and null become undefined", () => {
    expect(schema.parse({ ...valid, chavePix: undefined }).chavePix).toBeUndefined();
    expect(schema.parse({ ...valid, chavePix: "" }).chavePix).toBeUndefined();
    expect(schema.parse({ ...valid, chavePix: "  " }).chavePix).toBeUndefined();
    expect(schema.parse({ ...valid, chavePix: null }).chavePix).toBeUndefined();
  });

  it("chavePix: when given, a valid key, output normalised", () => {
    expect(schema.parse({ ...valid, chavePix: "Ana@Agencia.com.br" }).chavePix).toBe("ana@agencia.com.br");
    expect(schema.parse({ ...valid, chavePix: "(11) 99876-5432" }).chavePix).toBe("+5511998765432");
    for (const chavePix of ["111.111.111-11", "ana@", "12345", 123]) {
      expect(errorsOf({ ...valid, chavePix }).chavePix, String(chavePix)).toBe("Chave PIX inválida");
    }
  });

  it("descricao: at least 5 characters", () => {
    expect(errorsOf({ ...valid, descricao: " Taxi " }).descricao).toBe(
      "Descrição deve ter pelo menos 5 caracteres",
    );
    expect(errorsOf({ ...valid, descricao: undefined }).descricao).toBe(
      "Descrição deve ter pelo menos 5 caracteres",
    );
    expect(errorsOf({ ...valid, descricao: "x".repeat(5001) }).descricao).toBe(
      "Deve ter no máximo 5000 caracteres",
    );
  });

  it("reports every broken field at once", () => {
    expect(errorsOf({})).toEqual({
      nome: "Nome deve ter pelo menos 3 caracteres",
      data: "Por favor selecione uma data",
      tipo: "Por favor selecione um tipo de despesa",
      valor: "Valor deve ser um número válido",
      descricao: "Descrição deve ter pelo menos 5 caracteres",
    });
  });
});

describe("'Chave de acesso da nota' (the receipt's own data)", () => {
  // A public RS NFC-e key (its check digit holds), and its QR code of version 1 with the total.
  const KEY = "43161275315333012115655130000089011048579176";
  const QR = `https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?chNFe=${KEY}&nVersao=100&tpAmb=1&dhEmi=323031362d31322d30325431353a33313a30372d30323a3030&vNF=84.36&vICMS=0.00&digVal=4a6b&cIdToken=000001&cHashQRCode=0123456789abcdef0123456789abcdef01234567`;

  it("is optional: absent or blank, nothing is kept", () => {
    expect(schema.parse(valid).chaveNota).toBeUndefined();
    expect(schema.parse({ ...valid, chaveNota: "  " }).chaveNota).toBeUndefined();
  });

  it("keeps the key as printed in groups, the issuer's CNPJ formatted, and the QR's address", () => {
    const grouped = KEY.replace(/(.{4})/g, "$1 ").trim();
    expect(schema.parse({ ...valid, chaveNota: grouped }).chaveNota).toEqual({
      chaveNota: KEY,
      notaUrl: null,
      notaEmitente: "75.315.333/0121-15",
    });
    expect(schema.parse({ ...valid, chaveNota: QR }).chaveNota).toEqual({
      chaveNota: KEY,
      notaUrl: QR,
      notaEmitente: "75.315.333/0121-15",
    });
  });

  it("refuses anything else with 'Chave de acesso inválida'", () => {
    for (const wrong of [
      KEY.slice(0, 43),
      `${KEY.slice(0, 43)}0`,
      "nota fiscal",
      QR.replace(KEY, `${KEY.slice(0, 43)}0`),
    ]) {
      expect(errorsOf({ ...valid, chaveNota: wrong }).chaveNota, wrong).toBe("Chave de acesso inválida");
    }
  });
});
