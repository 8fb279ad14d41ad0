import { describe, expect, it } from "vitest";
import {
  duplicateAttachment,
  duplicateByFacts,
  type FlagSubject,
  firstRequest,
  overMonthlyLimit,
  pixKeyChanged,
  receiptFromAnotherMonth,
} from "./flags";

const subject: FlagSubject = { id: "a", userId: "u1", amountCents: 15000, expenseDate: "2026-11-10" };

describe("duplicate by facts", () => {
  it("flags another request of the same person, date and amount", () => {
    const flag = duplicateByFacts(subject, [subject, { ...subject, id: "b" }]);
    expect(flag?.tipo).toBe("duplicado");
    expect(flag?.explicacao).toBe(
      "Outra solicitação da mesma pessoa com o mesmo valor (R$\u00a0150,00) e a mesma data de despesa (10/11/2026).",
    );
  });

  it("counts several, and never the request itself", () => {
    expect(duplicateByFacts(subject, [subject])).toBeNull();
    const flag = duplicateByFacts(subject, [
      { ...subject, id: "b" },
      { ...subject, id: "c" },
    ]);
    expect(flag?.explicacao).toMatch(/^Outras 2 solicitações/);
  });

  it("another person, another date or another amount is no duplicate", () => {
    expect(
      duplicateByFacts(subject, [
        { ...subject, id: "b", userId: "u2" },
        { ...subject, id: "c", expenseDate: "2026-11-11" },
        { ...subject, id: "d", amountCents: 15001 },
      ]),
    ).toBeNull();
  });

  it("a kind without an expense date has no such duplicate", () => {
    const grant = { ...subject, expenseDate: null };
    expect(duplicateByFacts(grant, [{ ...grant, id: "b" }])).toBeNull();
  });
});

describe("duplicate attachment", () => {
  it("names the file and how many requests share it", () => {
    expect(duplicateAttachment([])).toBeNull();
    expect(duplicateAttachment([{ fileName: "recibo.pdf", requests: 1 }])?.explicacao).toBe(
      "O arquivo 'recibo.pdf' tem exatamente o mesmo conteúdo de um anexo de outra solicitação.",
    );
    expect(
      duplicateAttachment([
        { fileName: "recibo.pdf", requests: 2 },
        { fileName: "nota.png", requests: 1 },
      ])?.explicacao,
    ).toBe(
      "O arquivo 'recibo.pdf' e mais 1 tem exatamente o mesmo conteúdo de anexos de 3 outras solicitações.",
    );
  });
});

describe("monthly limit", () => {
  it("flags only above the limit, not at it, and not without one", () => {
    expect(overMonthlyLimit(50000, 50000, "Transporte", "2026-11")).toBeNull();
    expect(overMonthlyLimit(50001, undefined, "Transporte", "2026-11")).toBeNull();
    expect(overMonthlyLimit(50001, 50000, "Transporte", "2026-11")?.explicacao).toBe(
      "Com esta, a pessoa soma R$\u00a0500,01 em 'Transporte' em 11/2026; o limite mensal é R$\u00a0500,00.",
    );
  });
});

describe("first request and PIX key", () => {
  it("flags the first request of a kind", () => {
    expect(firstRequest(false, "Reembolso")).toBeNull();
    expect(firstRequest(true, "Reembolso")?.rotulo).toBe("Primeira solicitação");
  });

  it("flags a key different from the last paid one, and nothing without either", () => {
    expect(pixKeyChanged("a@b.com", "a@b.com")).toBeNull();
    expect(pixKeyChanged(null, "a@b.com")).toBeNull();
    expect(pixKeyChanged("c@d.com", null)).toBeNull();
    expect(pixKeyChanged("c@d.com", "a@b.com")?.tipo).toBe("pix_alterado");
  });
});

describe("a note from another month", () => {
  // A public RS NFC-e key issued in December 2016.
  const KEY = "43161275315333012115655130000089011048579176";

  it("flags a note issued more than a month away from the expense date, saying both", () => {
    expect(receiptFromAnotherMonth(KEY, "2017-02-01")).toEqual({
      tipo: "nota_de_outro_mes",
      rotulo: "Nota de outro mês",
      explicacao: "A nota fiscal foi emitida em 12/2016, longe da data da despesa (01/02/2017).",
    });
    expect(receiptFromAnotherMonth(KEY, "2016-10-31")?.tipo).toBe("nota_de_outro_mes");
  });

  it("leaves the same month and the next alone (a purchase on the 31st paid on the 1st), and no key", () => {
    expect(receiptFromAnotherMonth(KEY, "2016-12-20")).toBeNull();
    expect(receiptFromAnotherMonth(KEY, "2017-01-01")).toBeNull();
    expect(receiptFromAnotherMonth(KEY, "2016-11-30")).toBeNull();
    expect(receiptFromAnotherMonth(null, "2017-06-01")).toBeNull();
    expect(receiptFromAnotherMonth(KEY, null)).toBeNull();
  });
});
