import { describe, expect, it } from "vitest";
import { addDays } from "../../../dates";
import { transitionFor, workflowStates } from "../../workflow";
import {
  adiantamentoInputSchema,
  closingMove,
  closingNote,
  isOverdue,
  SETTLEMENT_DEFAULT_DAYS,
  settlementBalance,
  settlementDeadline,
  settlementNotes,
} from "./definition";
import { ADVANCE_WORKFLOW } from "./workflow";

const today = "2026-11-29";
const schema = adiantamentoInputSchema(today);
const valid = {
  nome: "Ana Souza",
  valor: "R$ 1.500,00",
  finalidade: "viagem",
  descricao: "Viagem ao cliente em Campinas",
  dataNecessaria: "2026-12-05",
  chavePix: "529.982.247-25",
};
const errorsOf = (input: unknown) =>
  Object.fromEntries((schema.safeParse(input).error?.issues ?? []).map((i) => [i.path[0], i.message]));

describe("the advance's form", () => {
  it("outputs cents and the PIX key as DICT keeps it", () => {
    expect(schema.parse(valid)).toMatchObject({ valor: 150000, chavePix: "52998224725" });
  });

  it("refuses no money, a missing PIX key and a day outside today to 180 days ahead", () => {
    for (const valor of ["R$ 0,00", "-1,00", ""]) expect(errorsOf({ ...valid, valor }).valor).toBeTruthy();
    expect(errorsOf({ ...valid, chavePix: "" }).chavePix).toBe("Chave PIX é obrigatória");
    expect(errorsOf({ ...valid, dataNecessaria: "2026-11-28" }).dataNecessaria).toBe(
      "A data deve ser de hoje até 180 dias",
    );
    expect(errorsOf({ ...valid, dataNecessaria: addDays(today, 181) }).dataNecessaria).toBeTruthy();
    expect(errorsOf({ ...valid, dataNecessaria: today })).toEqual({});
    expect(errorsOf({ ...valid, finalidade: "festa" }).finalidade).toBe("Por favor selecione a finalidade");
  });
});

describe("the settlement's arithmetic, in whole cents", () => {
  it("returns what is left, reimburses what was spent beyond, and nothing when even", () => {
    expect(settlementBalance(50000, 31245)).toEqual({
      paid: 50000,
      spent: 31245,
      toReturn: 18755,
      toReimburse: 0,
    });
    expect(settlementBalance(50000, 53010)).toEqual({
      paid: 50000,
      spent: 53010,
      toReturn: 0,
      toReimburse: 3010,
    });
    expect(settlementBalance(50000, 50000)).toMatchObject({ toReturn: 0, toReimburse: 0 });
    // Cents that floats get wrong (0.1 + 0.2) stay exact.
    expect(settlementBalance(30, 10).toReturn).toBe(20);
  });

  it("refuses what is not whole, non-negative cents", () => {
    for (const [paid, spent] of [
      [100.5, 10],
      [100, -1],
      [Number.NaN, 1],
      [2 ** 53, 1],
    ] as const)
      expect(() => settlementBalance(paid, spent)).toThrow(RangeError);
  });

  it("names the closing move the balance allows, and the timeline's words", () => {
    expect(closingMove(settlementBalance(500, 300))).toBe("marcar_devolvido");
    expect(closingMove(settlementBalance(500, 700))).toBe("pagar_diferenca");
    expect(closingMove(settlementBalance(500, 500))).toBe("encerrar_prestacao");
    expect(settlementNotes(settlementBalance(50000, 31245))).toEqual([
      "Gasto comprovado: R$\u00a0312,45 de R$\u00a0500,00 adiantados",
      "A devolver pelo solicitante: R$\u00a0187,55",
    ]);
    expect(closingNote("pagar_diferenca", settlementBalance(500, 700))).toBe(
      "Diferença paga ao solicitante: R$\u00a02,00",
    );
  });
});

describe("the settlement's deadline", () => {
  it("is Financeiro's when set, else the default after the payment, and none before it", () => {
    expect(settlementDeadline("2026-11-01", null)).toBe(addDays("2026-11-01", SETTLEMENT_DEFAULT_DAYS));
    expect(settlementDeadline("2026-11-01", "2026-11-10")).toBe("2026-11-10");
    expect(settlementDeadline(null, null)).toBeNull();
  });

  it("is overdue the day after, and only while the receipts are awaited", () => {
    expect(isOverdue("aguardando_prestacao", "2026-11-28", today)).toBe(true);
    expect(isOverdue("aguardando_prestacao", today, today)).toBe(false);
    expect(isOverdue("prestacao_enviada", "2026-11-01", today)).toBe(false);
    expect(isOverdue("aguardando_prestacao", null, today)).toBe(false);
  });
});

describe("the advance's workflow", () => {
  it("is paid like a reimbursement, by hand or by the bank, and then waits for its settlement", () => {
    for (const [from, action] of [
      ["aprovado", "marcar_pago"],
      ["enviado_ao_banco", "confirmar_pagamento"],
    ] as const)
      expect(transitionFor(ADVANCE_WORKFLOW, from, action)?.to).toBe("aguardando_prestacao");
    expect(workflowStates(ADVANCE_WORKFLOW)).not.toContain("pago");
    expect(ADVANCE_WORKFLOW.closed).toEqual(["recusado", "prestacao_concluida", "cancelada"]);
  });

  it("settles only through its own routes: the owner's receipts, then Financeiro's closing move", () => {
    const settlement = ADVANCE_WORKFLOW.transitions.filter((t) => t.via === "prestacao");
    expect(settlement.map((t) => [t.action, t.by, t.from.join(), t.to])).toEqual([
      ["definir_prazo", "reviewer", "aguardando_prestacao", "aguardando_prestacao"],
      ["prestar_contas", "requester", "aguardando_prestacao", "prestacao_enviada"],
      ["marcar_devolvido", "reviewer", "prestacao_enviada", "prestacao_concluida"],
      ["pagar_diferenca", "reviewer", "prestacao_enviada", "prestacao_concluida"],
      ["encerrar_prestacao", "reviewer", "prestacao_enviada", "prestacao_concluida"],
    ]);
  });
});
