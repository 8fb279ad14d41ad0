import { describe, expect, it } from "vitest";
import { AgencyDayInputSchema, ObservedOptionalInputSchema, OfficeCalendarSchema } from "./api";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("the agency day input", () => {
  const parse = (body: unknown) => AgencyDayInputSchema.safeParse(body);

  it("takes a date from 2019 to 2100 and a name of 2 to 80 characters, trimmed", () => {
    expect(parse({ data: "2026-12-26", nome: "  Recesso  " }).data).toEqual({
      data: "2026-12-26",
      nome: "Recesso",
    });
    expect(parse({ data: "2019-01-01", nome: "Ab" }).success).toBe(true);
    expect(parse({ data: "2100-12-31", nome: "x".repeat(80) }).success).toBe(true);
  });

  it("asks for the date, and refuses one that is no date or out of range", () => {
    expect(firstMessage(parse({ nome: "Recesso" }))).toBe("Informe a data");
    expect(firstMessage(parse({ data: "", nome: "Recesso" }))).toBe("Informe a data");
    for (const data of ["2026-02-29", "26/12/2026", "2026-13-01", "2018-12-31", "2101-01-01", "amanhã"])
      expect(firstMessage(parse({ data, nome: "Recesso" })), data).toBe("Data inválida");
  });

  it("asks for the name, and refuses one over 80 characters", () => {
    expect(firstMessage(parse({ data: "2026-12-26" }))).toBe("Informe o nome do dia");
    expect(firstMessage(parse({ data: "2026-12-26", nome: "   " }))).toBe("Informe o nome do dia");
    expect(firstMessage(parse({ data: "2026-12-26", nome: " a " }))).toBe("Informe o nome do dia");
    expect(firstMessage(parse({ data: "2026-12-26", nome: "x".repeat(81) }))).toBe(
      "O nome pode ter no máximo 80 caracteres",
    );
  });
});

describe("the observed optional days input", () => {
  it("takes known keys only", () => {
    const parse = (facultativos: unknown) => ObservedOptionalInputSchema.safeParse({ facultativos });
    expect(parse([]).success).toBe(true);
    expect(parse(["carnaval-segunda", "vespera-ano-novo"]).success).toBe(true);
    expect(firstMessage(parse(["carnaval-segunda", "dia-do-cliente"]))).toBe("Dia facultativo desconhecido");
  });
});

describe("the office calendar answer", () => {
  it("carries holidays of the known kinds only", () => {
    const answer = {
      ano: 2026,
      estado: "SP",
      cidade: "São Paulo",
      cidadeReconhecida: true,
      feriados: [{ data: "2026-01-25", nome: "Aniversário da Cidade", tipo: "municipal" }],
      facultativos: [
        { chave: "vespera-natal", nome: "Véspera de Natal", data: "2026-12-24", observado: true },
      ],
      diasDaAgencia: [{ id: "1", data: "2026-12-26", nome: "Recesso" }],
    };
    expect(OfficeCalendarSchema.parse(answer)).toEqual(answer);
    const wrong = { ...answer, feriados: [{ data: "2026-01-25", nome: "X", tipo: "bancario" }] };
    expect(OfficeCalendarSchema.safeParse(wrong).success).toBe(false);
  });
});
