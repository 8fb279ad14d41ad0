import { describe, expect, it } from "vitest";
import { absenceMinutes, addMonths, formatMinutes, hourBankBalance } from "./hour-bank";

const h = (hours: number) => hours * 60;
const balance = (entries: { data: string; minutos: number }[], today: string, months = 6) =>
  hourBankBalance(entries, { today, months });

describe("addMonths", () => {
  it("keeps the day, or the month's last when it lacks it", () => {
    expect(addMonths("2026-01-15", 6)).toBe("2026-07-15");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2026-12-01", 12)).toBe("2027-12-01");
  });
});

describe("hourBankBalance (docs/decisions/060)", () => {
  it("sums the credits, each due within the months", () => {
    const result = balance(
      [
        { data: "2026-01-10", minutos: h(2) },
        { data: "2026-02-01", minutos: 90 },
      ],
      "2026-03-01",
    );
    expect(result.saldoMinutos).toBe(h(2) + 90);
    expect(result.aVencer.map((lot) => lot.venceEm)).toEqual(["2026-07-10", "2026-08-01"]);
  });

  it("debits take the oldest credits first", () => {
    const result = balance(
      [
        { data: "2026-02-01", minutos: h(3) },
        { data: "2026-01-01", minutos: h(2) },
        { data: "2026-03-01", minutos: -h(4) },
      ],
      "2026-03-02",
    );
    expect(result.saldoMinutos).toBe(h(1));
    expect(result.aVencer).toEqual([
      { data: "2026-02-01", venceEm: "2026-08-01", minutos: h(3), restante: h(1) },
    ]);
  });

  it("a credit past its deadline leaves the balance, and a later debit cannot draw from it", () => {
    const entries = [
      { data: "2026-01-01", minutos: h(2) },
      { data: "2026-06-01", minutos: h(2) },
      { data: "2026-08-01", minutos: -h(3) },
    ];
    // On 1 July January's 2h may still be taken; August's absence already drew June's and owes 1h.
    expect(balance(entries, "2026-07-01").saldoMinutos).toBe(h(1));
    const after = balance(entries, "2026-08-02");
    expect(after).toMatchObject({
      saldoMinutos: -h(1),
      devendoMinutos: h(1),
      vencidoMinutos: h(2),
      aVencer: [],
    });
  });

  it("the deadline's own day still counts", () => {
    const entries = [{ data: "2026-01-01", minutos: h(2) }];
    expect(balance(entries, "2026-07-01").saldoMinutos).toBe(h(2));
    expect(balance(entries, "2026-07-02")).toMatchObject({ saldoMinutos: 0, vencidoMinutos: h(2) });
    expect(balance(entries, "2026-04-01", 3).saldoMinutos).toBe(h(2));
    expect(balance(entries, "2026-04-02", 3).saldoMinutos).toBe(0);
  });

  it("what was taken without credit is owed, and the next credit covers it first", () => {
    const owing = balance([{ data: "2026-01-05", minutos: -h(8) }], "2026-01-06");
    expect(owing).toMatchObject({ saldoMinutos: -h(8), devendoMinutos: h(8) });
    const covered = balance(
      [
        { data: "2026-01-05", minutos: -h(8) },
        { data: "2026-01-10", minutos: h(10) },
      ],
      "2026-01-11",
    );
    expect(covered).toMatchObject({ saldoMinutos: h(2), devendoMinutos: 0 });
    expect(covered.aVencer[0]).toMatchObject({ restante: h(2), venceEm: "2026-07-10" });
  });

  it("a credit of the same day as a debit is taken by it", () => {
    const result = balance(
      [
        { data: "2026-03-10", minutos: -h(8) },
        { data: "2026-03-10", minutos: h(8) },
      ],
      "2026-03-11",
    );
    expect(result).toMatchObject({ saldoMinutos: 0, devendoMinutos: 0, aVencer: [] });
  });

  it("an approved absence ahead counts already", () => {
    const result = balance(
      [
        { data: "2026-03-01", minutos: h(16) },
        { data: "2026-05-04", minutos: -h(8) },
      ],
      "2026-03-02",
    );
    expect(result.saldoMinutos).toBe(h(8));
  });

  it("the balance never counts a minute twice, whatever the order (sums of lots and debt)", () => {
    const entries = [
      { data: "2026-01-01", minutos: 100 },
      { data: "2026-01-02", minutos: -30 },
      { data: "2026-01-03", minutos: 45 },
      { data: "2026-01-04", minutos: -200 },
      { data: "2026-01-05", minutos: 300 },
    ];
    const result = balance(entries, "2026-01-06");
    expect(result.saldoMinutos).toBe(100 - 30 + 45 - 200 + 300);
    expect(result.aVencer.reduce((sum, lot) => sum + lot.restante, 0) - result.devendoMinutos).toBe(
      result.saldoMinutos,
    );
  });
});

describe("absenceMinutes and formatMinutes", () => {
  it("working days times the working day", () => {
    expect(absenceMinutes(3, 8)).toBe(h(24));
    expect(absenceMinutes(1, 7.5)).toBe(450);
  });
  it("writes hours and minutes as people read them", () => {
    expect(formatMinutes(0)).toBe("0h");
    expect(formatMinutes(45)).toBe("45min");
    expect(formatMinutes(90)).toBe("1h30");
    expect(formatMinutes(h(8))).toBe("8h");
    expect(formatMinutes(-125)).toBe("-2h05");
  });
});
