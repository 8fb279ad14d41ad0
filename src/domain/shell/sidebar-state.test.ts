import { describe, expect, it } from "vitest";
import { sidebarOpenFromCookies } from "./sidebar-state";

describe("the sidebar's saved state", () => {
  it.each([
    ["sidebar_state=true", true],
    ["a=1; sidebar_state=false; b=2", false],
    ["a=1;sidebar_state=true", true],
    ["sidebar_state=yes", undefined],
    ["my_sidebar_state=false", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j → %j", (header, expected) => {
    expect(sidebarOpenFromCookies(header)).toBe(expected);
  });
});
