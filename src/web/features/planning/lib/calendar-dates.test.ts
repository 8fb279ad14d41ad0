import { describe, expect, it } from "vitest";
import { longDay } from "./calendar-dates";

describe("calendar dates", () => {
  it("names a day in pt-BR with the weekday capitalised, whatever the device's zone", () => {
    expect(longDay("2027-11-05")).toBe("Sexta-feira, 5 de novembro");
    expect(longDay("2027-05-01")).toBe("Sábado, 1 de maio");
    expect(longDay("2026-03-01")).toBe("Domingo, 1 de março");
  });
});
