import { describe, expect, it } from "vitest";
import { exportFileName, exportPath } from "../requests/export-api";
import { CSV_HEADER_LINE, csvRow, type ExportRow, paymentMethodLabel } from "./columns";
import { CSV_BOM, csvDate, csvField, csvLine, csvMoney, isoDay, neutralizeFormula } from "./csv";

describe("csvMoney: amounts as Excel pt-BR reads numbers", () => {
  it.each([
    [0, "0,00"],
    [1, "0,01"],
    [99, "0,99"],
    [100, "1,00"],
    [123456, "1.234,56"],
    [100000000, "1.000.000,00"],
    [-15050, "-150,50"],
    [999999999999999, "9.999.999.999.999,99"],
  ])("%d cents → %s", (cents, text) => expect(csvMoney(cents)).toBe(text));

  it("nothing for no amount", () => {
    expect(csvMoney(null)).toBe("");
    expect(csvMoney(undefined)).toBe("");
  });
});

describe("csvDate: dd/mm/aaaa on São Paulo's calendar", () => {
  it("a calendar date as it is", () => expect(csvDate("2026-03-05")).toBe("05/03/2026"));
  it("an instant late at night in UTC is the day before in São Paulo", () => {
    expect(csvDate("2026-03-06T01:30:00.000Z")).toBe("05/03/2026");
    expect(csvDate(new Date("2026-03-06T03:00:00.000Z"))).toBe("06/03/2026");
  });
  it("nothing for no date or a broken one", () => {
    expect(csvDate(null)).toBe("");
    expect(csvDate("")).toBe("");
    expect(isoDay("não é data")).toBeNull();
  });
});

describe("csvField and csvLine: RFC 4180 quoting with ';'", () => {
  it("leaves plain text and accents alone", () => {
    expect(csvField("Conceição Araújo")).toBe("Conceição Araújo");
    expect(csvField("Alimentação, café")).toBe("Alimentação, café");
  });
  it("quotes the separator, quotes and line breaks, doubling quotes", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('o "melhor" táxi')).toBe('"o ""melhor"" táxi"');
    expect(csvField("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
  });
  it("ends lines with CRLF", () => expect(csvLine(["a", null, "c"])).toBe("a;;c\r\n"));
  it("defuses text a spreadsheet would run as a formula", () => {
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutralizeFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutralizeFormula("Táxi")).toBe("Táxi");
  });
  it("the BOM is U+FEFF", () => expect(CSV_BOM.codePointAt(0)).toBe(0xfeff));
});

describe("an export row as CSV", () => {
  const row: ExportRow = {
    numero: 7,
    tipo: "reembolso",
    id: "0b6f1c9e-1d2a-4c8e-9a57-2f5d4c3b2a10",
    solicitante: { nome: "João Ávila", email: "joao@agencia.digital" },
    resumo: 'Táxi; "aeroporto"',
    dataDespesa: "2026-11-02",
    tipoDespesa: "transporte",
    centroCusto: "marketing",
    valor: 123456,
    valorAprovado: 100000,
    status: "pago",
    criadaEm: "2026-11-03T12:00:00.000Z",
    decididaEm: "2026-11-04T02:00:00.000Z",
    aprovador: "Fábio Financeiro",
    pagaEm: "2026-11-05",
    pagador: "Fábio Financeiro",
    formaPagamento: "pix",
    chavePix: "joao@agencia.digital",
    anexos: [{ id: "11111111-1111-4111-8111-111111111111", nome: "recibo.pdf" }],
    comprovantesPagamento: [],
  };

  it("labels, money, São Paulo dates and absolute receipt links", () => {
    expect(CSV_HEADER_LINE.startsWith("Nº;Solicitante;Email;Tipo;Resumo;Data da despesa")).toBe(true);
    expect(csvRow(row, "https://balcao.agencia.digital/")).toBe(
      `${[
        "7",
        "João Ávila",
        "joao@agencia.digital",
        "Reembolso",
        '"Táxi; ""aeroporto"""',
        "02/11/2026",
        "Transporte",
        "Marketing",
        "1.234,56",
        "1.000,00",
        "Pago",
        "03/11/2026",
        "03/11/2026",
        "Fábio Financeiro",
        "05/11/2026",
        "Fábio Financeiro",
        "PIX",
        "joao@agencia.digital",
        "https://balcao.agencia.digital/api/anexos/11111111-1111-4111-8111-111111111111",
        "",
        row.id,
      ].join(";")}\r\n`,
    );
  });

  it("payment methods read as people write them", () => {
    expect(paymentMethodLabel("pix")).toBe("PIX");
    expect(paymentMethodLabel("transferencia")).toBe("Transferencia");
    expect(paymentMethodLabel(null)).toBeNull();
  });
});

describe("the export's file name and address", () => {
  it("São Paulo's today in the name", () => {
    expect(exportFileName("csv", new Date("2026-11-25T01:00:00.000Z"))).toBe("solicitacoes-2026-11-24.csv");
    expect(exportFileName("zip", new Date("2026-11-24T12:00:00.000Z"))).toBe(
      "solicitacoes-comprovantes-2026-11-24.zip",
    );
  });
  it("only the filters that are set", () => {
    expect(exportPath("xlsx", { tipo: "reembolso", status: undefined, de: "2026-11-01" })).toBe(
      "/api/caixa/exportar.xlsx?tipo=reembolso&de=2026-11-01",
    );
    expect(exportPath("csv", {})).toBe("/api/caixa/exportar.csv");
  });
});
