import { describe, expect, it } from "vitest";
import {
  formatDateBR,
  isIsoDate,
  isWithinReimbursementWindow,
  parseDateBR,
  reimbursementDateWindow,
  todayInSaoPaulo,
} from "./dates";

describe("todayInSaoPaulo", () => {
  it("reads the day on São Paulo's calendar, not UTC's", () => {
    expect(todayInSaoPaulo(new Date("2026-01-01T02:00:00Z"))).toBe("2025-12-31");
    expect(todayInSaoPaulo(new Date("2026-01-01T02:59:59Z"))).toBe("2025-12-31");
    expect(todayInSaoPaulo(new Date("2026-01-01T03:00:00Z"))).toBe("2026-01-01");
    expect(todayInSaoPaulo(new Date("2025-03-05T14:30:00Z"))).toBe("2025-03-05");
  });
  it("defaults to now and is a date", () => {
    expect(isIsoDate(todayInSaoPaulo())).toBe(true);
  });
});

describe("reimbursementDateWindow (spec §9: not in the future, not before 1 January of the previous year)", () => {
  it("around New Year", () => {
    expect(reimbursementDateWindow("2026-01-01")).toEqual({ min: "2025-01-01", max: "2026-01-01" });
    expect(reimbursementDateWindow("2025-12-31")).toEqual({ min: "2024-01-01", max: "2025-12-31" });
  });
  it("with São Paulo's today at 02:00 UTC on 1 January", () => {
    const today = todayInSaoPaulo(new Date("2026-01-01T02:00:00Z"));
    expect(reimbursementDateWindow(today).min).toBe("2024-01-01");
    expect(isWithinReimbursementWindow("2026-01-01", today)).toBe(false);
    expect(isWithinReimbursementWindow("2024-01-01", today)).toBe(true);
  });
  it("refuses a today that is no date", () => {
    expect(() => reimbursementDateWindow("31/12/2025")).toThrow(RangeError);
  });
});

describe("isWithinReimbursementWindow", () => {
  const today = "2026-01-01";
  it.each([
    ["2025-01-01", true],
    ["2025-06-15", true],
    ["2026-01-01", true],
    ["2024-12-31", false],
    ["2026-01-02", false],
    ["2025-02-29", false],
    ["", false],
    ["2025-1-1", false],
  ])("%s → %s", (date, inside) => expect(isWithinReimbursementWindow(date, today)).toBe(inside));
});

describe("isIsoDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-00-10")).toBe(false);
    expect(isIsoDate("2025-03-05T00:00:00Z")).toBe(false);
  });
});

describe("formatDateBR / parseDateBR (dd/MM/yyyy)", () => {
  it("formats", () => {
    expect(formatDateBR("2025-03-05")).toBe("05/03/2025");
    expect(formatDateBR("2025-12-31")).toBe("31/12/2025");
    expect(formatDateBR("hoje")).toBe("hoje");
  });
  it("parses real dates", () => {
    expect(parseDateBR("05/03/2025")).toBe("2025-03-05");
    expect(parseDateBR("5/3/2025")).toBe("2025-03-05");
    expect(parseDateBR(" 29/02/2024 ")).toBe("2024-02-29");
  });
  it.each([
    "31/02/2025",
    "29/02/2025",
    "00/01/2025",
    "32/01/2025",
    "10/13/2025",
    "2025-03-05",
    "05/03/25",
    "",
    "a/b/c",
  ])("refuses %j", (text) => expect(parseDateBR(text)).toBeNull());
  it("round-trips", () => {
    expect(parseDateBR(formatDateBR("2025-03-05"))).toBe("2025-03-05");
  });
});
