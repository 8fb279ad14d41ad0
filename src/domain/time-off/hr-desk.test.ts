import { describe, expect, it } from "vitest";
import { isHrDesk } from "./hr-desk";

describe("who is RH", () => {
  it("is a member of a team that handles absences, or an administrator", () => {
    expect(isHrDesk({ teams: [{ kinds: ["ausencia"] }] })).toBe(true);
    expect(isHrDesk({ teams: [{ kinds: ["reembolso"] }], access: { admin: true } })).toBe(true);
    expect(isHrDesk({ teams: [{ kinds: ["reembolso", "bolsa"] }] })).toBe(false);
    expect(isHrDesk({ teams: [] })).toBe(false);
  });
});
