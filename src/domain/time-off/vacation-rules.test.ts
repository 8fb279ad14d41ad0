import { describe, expect, it } from "vitest";
import { APR, checkRow, earlier, JUL, MAY, PERIOD, type Row, slice, TODAY } from "./testing/vacation-table";
import { checkVacation, type VacationSlice, vacationPaymentDate } from "./vacation-rules";

/*
 * The CLT's vacation articles as a table: each row a case written from the law's text, the article
 * in its first column, on the calendar of testing/vacation-table.ts. Splitting (art. 134, paragraph 1)
 * has its own table, in vacation-splitting.test.ts.
 */

const table: Row[] = [
  // Art. 130: the days the period earns.
  {
    law: "art. 130",
    case: "more than 32 absences: nothing to take",
    entitlement: 0,
    candidate: slice(APR, 10),
    refusals: ["noEntitlement"],
    messages: ["Não há férias a tirar neste período (faltas injustificadas, art. 130 da CLT)."],
  },
  {
    law: "art. 130",
    case: "24 days earned, 24 taken",
    entitlement: 24,
    candidate: slice(APR, 24),
    refusals: [],
  },
  {
    law: "art. 130",
    case: "24 days earned, 25 asked",
    entitlement: 24,
    candidate: slice(APR, 25),
    refusals: ["overBalance"],
    messages: ["Você tem 24 dias de férias disponíveis neste período."],
  },
  {
    law: "art. 130",
    case: "1 day left after 14 + 15, 5 asked",
    existing: earlier(14, 15),
    candidate: slice(JUL, 5),
    refusals: ["overBalance"],
    messages: ["Você tem 1 dia de férias disponíveis neste período."],
  },
  {
    law: "art. 130",
    case: "a start on the period's last day, before the right exists",
    candidate: slice("2025-03-03", 30),
    refusals: ["notYetAcquired"],
    messages: ["As férias deste período só podem começar a partir de 04/03/2025."],
  },
  {
    law: "art. 130",
    case: "a start the day after the period",
    candidate: slice("2025-03-04", 30),
    refusals: [],
  },

  // Art. 143: the abono, a third at most, asked 15 days before the period ends.
  { law: "art. 143", case: "abono 10 + 20 days", candidate: slice(APR, 20, 10), refusals: [] },
  { law: "art. 143", case: "abono 10, then 14 of the 20", candidate: slice(APR, 14, 10), refusals: [] },
  {
    law: "art. 143",
    case: "abono 10, then 14 + 6: the 6",
    existing: [slice(APR, 14, 10)],
    candidate: slice(MAY, 6),
    refusals: [],
  },
  {
    law: "art. 143 and 134 par. 1",
    case: "abono 10, then 10 + 10",
    existing: [slice(APR, 10, 10)],
    candidate: slice(MAY, 10),
    refusals: ["noLongSlice"],
  },
  {
    law: "art. 143",
    case: "abono 11 (over a third of 30)",
    candidate: slice(APR, 19, 11),
    refusals: ["tooMuchSold"],
    messages: ["É possível vender no máximo 10 dias (1/3 das férias) por período."],
  },
  {
    law: "art. 143 and 130",
    case: "abono 9 of 24",
    entitlement: 24,
    candidate: slice(APR, 15, 9),
    refusals: ["tooMuchSold"],
    messages: ["É possível vender no máximo 8 dias (1/3 das férias) por período."],
  },
  {
    law: "art. 143",
    case: "a second abono in the period",
    existing: [slice(APR, 14, 5)],
    candidate: slice(MAY, 6, 5),
    refusals: ["tooMuchSold"],
  },
  {
    law: "art. 143 and 134 par. 1",
    case: "18 earned, 6 sold: the 12 in one slice",
    entitlement: 18,
    candidate: slice(APR, 12, 6),
    refusals: [],
  },
  {
    law: "art. 143 and 134 par. 1",
    case: "18 earned, 6 sold: 12 cannot be split, no slice can reach 14",
    entitlement: 18,
    candidate: slice(APR, 6, 6),
    refusals: ["noLongSlice"],
  },
  {
    law: "art. 143 and 134 par. 1",
    case: "12 earned, 4 sold, 8 in one slice",
    entitlement: 12,
    candidate: slice(APR, 8, 4),
    refusals: [],
  },
  {
    law: "art. 143",
    case: "abono asked on its last day",
    today: "2025-02-16",
    candidate: slice(APR, 20, 10),
    refusals: [],
  },
  {
    law: "art. 143",
    case: "abono asked a day late",
    today: "2025-02-17",
    candidate: slice(APR, 20, 10),
    refusals: ["abonoLate"],
    messages: ["O abono pecuniário deve ser pedido até 16/02/2025."],
  },
  {
    law: "art. 143",
    case: "an edit after the deadline keeps an abono asked in time",
    today: "2025-03-20",
    abonoAskedOn: "2025-02-10",
    candidate: slice(APR, 20, 10),
    refusals: [],
    notices: ["shortNotice"],
  },

  // Art. 134, paragraph 3: no start in the 2 days before a holiday or the DSR (Sunday).
  {
    law: "art. 134 par. 3",
    case: "a start on Friday, 2 days before Sunday",
    candidate: slice("2025-04-11", 30),
    refusals: ["startBeforeRest"],
    messages: [
      "As férias não podem começar nos 2 dias antes de um feriado ou do descanso semanal (domingo).",
    ],
  },
  { law: "art. 134 par. 3", case: "a start on Thursday", candidate: slice("2025-04-10", 30), refusals: [] },
  {
    law: "art. 134 par. 3",
    case: "a start on Saturday",
    candidate: slice("2025-04-12", 30),
    refusals: ["startBeforeRest"],
  },
  {
    law: "art. 134 par. 3",
    case: "a start on Sunday",
    candidate: slice("2025-04-13", 30),
    refusals: ["startBeforeRest"],
  },
  {
    law: "art. 134 par. 3",
    case: "a start on Monday, 2 days before a Wednesday holiday",
    holidays: ["2025-05-14"],
    candidate: slice("2025-05-12", 30),
    refusals: ["startBeforeRest"],
  },
  {
    law: "art. 134 par. 3",
    case: "the same Monday with no holiday that week",
    candidate: slice("2025-05-12", 30),
    refusals: [],
  },
  {
    law: "art. 134 par. 3",
    case: "a start on Tuesday, the day before the holiday",
    holidays: ["2025-05-14"],
    candidate: slice("2025-05-13", 30),
    refusals: ["startBeforeRest"],
  },
  {
    law: "art. 134 par. 3",
    case: "a start on the holiday itself",
    holidays: ["2025-05-14"],
    candidate: slice("2025-05-14", 30),
    refusals: ["startBeforeRest"],
  },
  {
    law: "art. 134 par. 3",
    case: "a start on the Thursday after the holiday",
    holidays: ["2025-05-14"],
    candidate: slice("2025-05-15", 30),
    refusals: [],
  },

  // Art. 135: 30 days' notice; shorter is allowed and flagged.
  {
    law: "art. 135",
    case: "29 days' notice",
    today: "2025-03-09",
    candidate: slice(APR, 30),
    refusals: [],
    notices: ["shortNotice"],
  },
  { law: "art. 135", case: "30 days' notice", today: "2025-03-08", candidate: slice(APR, 30), refusals: [] },

  // Art. 137: days after the concession period are paid double; allowed and flagged.
  {
    law: "art. 137",
    case: "ending before the concession deadline",
    candidate: slice("2026-02-16", 14),
    refusals: [],
  },
  {
    law: "art. 137",
    case: "ending after the concession deadline",
    candidate: slice("2026-02-23", 14),
    refusals: [],
    notices: ["afterConcession"],
  },
  {
    law: "art. 137",
    case: "starting after the concession deadline",
    candidate: slice("2026-03-09", 30),
    refusals: [],
    notices: ["afterConcession"],
  },

  // Several rules at once: every refusal, once each, in a fixed order.
  {
    law: "arts. 134 and 143",
    case: "a 4-day Friday start selling 11 days, asked late",
    today: "2025-02-20",
    candidate: slice("2025-04-11", 4, 11),
    refusals: ["sliceTooShort", "startBeforeRest", "tooMuchSold", "abonoLate"],
  },
];

describe("checkVacation, the CLT's vacation articles as a table", () => {
  it.each(table)("$law: $case", (row) => {
    const answer = checkRow(row);
    expect(answer.refusals.map((refusal) => refusal.code)).toEqual(row.refusals);
    if (row.messages) expect(answer.refusals.map((refusal) => refusal.message)).toEqual(row.messages);
    expect(answer.notices.map((notice) => notice.code)).toEqual(row.notices ?? []);
  });

  it("says the notices in Portuguese", () => {
    const answer = checkVacation({
      period: PERIOD,
      entitlement: 30,
      existing: [],
      candidate: slice("2026-03-02", 14),
      today: "2026-02-20",
      isHoliday: () => false,
    });
    expect(answer.notices.map((notice) => notice.message)).toEqual([
      "Aviso com menos de 30 dias",
      "Fora do período concessivo (pagamento em dobro, art. 137 da CLT)",
    ]);
  });

  it("counts the candidate's calendar days", () => {
    const answer = checkVacation({
      period: PERIOD,
      entitlement: 30,
      existing: [],
      candidate: { first: "2025-04-07", last: "2025-04-20", soldDays: 0 },
      today: TODAY,
      isHoliday: () => false,
    });
    expect(answer.days).toBe(14);
  });

  it("throws on input the schemas should have refused", () => {
    const base = { period: PERIOD, entitlement: 30, existing: [], today: TODAY, isHoliday: () => false };
    const bad: VacationSlice[] = [
      { first: "2025-04-07", last: "2025-04-06", soldDays: 0 },
      { first: "2025-02-30", last: "2025-04-06", soldDays: 0 },
      { first: "2025-04-07", last: "2025-04-20", soldDays: -1 },
    ];
    for (const candidate of bad) expect(() => checkVacation({ ...base, candidate })).toThrow(RangeError);
    expect(() => checkVacation({ ...base, entitlement: 31, candidate: slice(APR, 30) })).toThrow(RangeError);
  });
});

describe("the payment day, CLT art. 145", () => {
  const table: { case: string; first: string; holidays?: string[]; paid: string }[] = [
    { case: "a Wednesday start: Monday", first: "2025-04-09", paid: "2025-04-07" },
    { case: "a Monday start: 2 days before is Saturday, so Friday", first: "2025-04-07", paid: "2025-04-04" },
    { case: "a Tuesday start: 2 days before is Sunday, so Friday", first: "2025-04-08", paid: "2025-04-04" },
    {
      case: "a start after Easter: Tiradentes Monday, the weekend and Good Friday skipped",
      first: "2025-04-23",
      holidays: ["2025-04-18", "2025-04-21"],
      paid: "2025-04-17",
    },
  ];

  it.each(table)("$case", ({ first, holidays = [], paid }) => {
    const isHoliday = (day: string) => holidays.includes(day);
    expect(vacationPaymentDate(first, isHoliday)).toBe(paid);
    const answer = checkVacation({
      period: PERIOD,
      entitlement: 30,
      existing: [],
      candidate: slice(first, 30),
      today: TODAY,
      isHoliday,
    });
    expect(answer.paymentDate).toBe(paid);
  });
});
