import { describe, expect, it } from "vitest";
import { APR, checkRow, earlier, JUL, MAY, type Row, slice } from "./testing/vacation-table";

/*
 * CLT art. 134, paragraph 1, as a table: "Desde que haja concordância do empregado, as férias poderão
 * ser usufruídas em até três períodos, sendo que um deles não poderá ser inferior a quatorze dias
 * corridos e os demais não poderão ser inferiores a cinco dias corridos, cada um." Each row is one
 * request, judged against the slices already asked from the same period (testing/vacation-table.ts).
 */

const table: Row[] = [
  // Art. 134, paragraph 1: up to 3 slices, one of at least 14 days, the others at least 5.
  { law: "art. 134 par. 1", case: "30 in one slice", candidate: slice(APR, 30), refusals: [] },
  { law: "art. 134 par. 1", case: "14 + 10 + 6: the 14", candidate: slice(APR, 14), refusals: [] },
  {
    law: "art. 134 par. 1",
    case: "14 + 10 + 6: the 10",
    existing: earlier(14),
    candidate: slice(MAY, 10),
    refusals: [],
  },
  {
    law: "art. 134 par. 1",
    case: "14 + 10 + 6: the 6",
    existing: earlier(14, 10),
    candidate: slice(JUL, 6),
    refusals: [],
  },
  { law: "art. 134 par. 1", case: "20 + 8 + 2: the 20", candidate: slice(APR, 20), refusals: [] },
  {
    law: "art. 134 par. 1",
    case: "20 + 8 + 2: the 8 strands 2 days",
    existing: earlier(20),
    candidate: slice(MAY, 8),
    refusals: ["leftoverUnusable"],
    messages: [
      "Com estas datas, os dias que sobram do período não poderão ser tirados (cada parte precisa de ao menos 5 dias).",
    ],
  },
  {
    law: "art. 134 par. 1",
    case: "20 + 8 + 2: the 2",
    existing: earlier(20, 8),
    candidate: slice(JUL, 2),
    refusals: ["sliceTooShort"],
    messages: ["Cada parte das férias deve ter ao menos 5 dias corridos."],
  },
  {
    law: "art. 134 par. 1",
    case: "a fourth slice (14 + 5 + 5 + 6)",
    existing: earlier(14, 5, 5),
    candidate: slice(JUL, 6),
    refusals: ["tooManySlices"],
    messages: ["As férias de um período aquisitivo podem ser divididas em no máximo 3 partes."],
  },
  {
    law: "art. 134 par. 1",
    case: "a fourth slice beyond the balance too",
    existing: earlier(14, 5, 5),
    candidate: slice(JUL, 7),
    refusals: ["tooManySlices", "overBalance"],
  },
  { law: "art. 134 par. 1", case: "15 + 15: the first", candidate: slice(APR, 15), refusals: [] },
  {
    law: "art. 134 par. 1",
    case: "15 + 15: the second",
    existing: earlier(15),
    candidate: slice(MAY, 15),
    refusals: [],
  },
  { law: "art. 134 par. 1", case: "27 leaves 3", candidate: slice(APR, 27), refusals: ["leftoverUnusable"] },
  { law: "art. 134 par. 1", case: "10 + 10 + 10: the first 10", candidate: slice(APR, 10), refusals: [] },
  {
    law: "art. 134 par. 1",
    case: "10 + 10 + 10: the second 10 leaves no room for 14",
    existing: earlier(10),
    candidate: slice(MAY, 10),
    refusals: ["noLongSlice"],
    messages: ["Uma das partes das férias deve ter ao menos 14 dias corridos."],
  },
  {
    law: "art. 134 par. 1",
    case: "10 + 10 + 10: the third 10",
    existing: earlier(10, 10),
    candidate: slice(JUL, 10),
    refusals: ["noLongSlice"],
  },
  {
    law: "art. 134 par. 1",
    case: "14 + 5 + 11: the 5",
    existing: earlier(14),
    candidate: slice(MAY, 5),
    refusals: [],
  },
  {
    law: "art. 134 par. 1",
    case: "14 + 5 + 11: the 11",
    existing: earlier(14, 5),
    candidate: slice(JUL, 11),
    refusals: [],
  },
  {
    law: "art. 134 par. 1",
    case: "5 + 5 + 20: the long slice last",
    existing: earlier(5, 5),
    candidate: slice(JUL, 20),
    refusals: [],
  },
  { law: "art. 134 par. 1", case: "a 4-day slice", candidate: slice(APR, 4), refusals: ["sliceTooShort"] },
  {
    law: "art. 134 par. 1",
    case: "14 + 6 + 9: 1 day and no slice left",
    existing: earlier(14, 6),
    candidate: slice(JUL, 9),
    refusals: ["leftoverUnusable"],
  },
];

describe("checkVacation, splitting (CLT art. 134 par. 1)", () => {
  it.each(table)("$law: $case", (row) => {
    const answer = checkRow(row);
    expect(answer.refusals.map((refusal) => refusal.code)).toEqual(row.refusals);
    if (row.messages) expect(answer.refusals.map((refusal) => refusal.message)).toEqual(row.messages);
    expect(answer.notices.map((notice) => notice.code)).toEqual(row.notices ?? []);
  });
});
