import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { seamSwitchesIn } from "./seams";

describe("the seams' off switches", () => {
  it("are all on unless switched off, one by one", () => {
    expect(loadConfig({}).seams).toEqual({
      compression: true,
      firstPages: true,
      quietAuthContext: true,
      serializeOnce: true,
    });
    const off = loadConfig({
      BALCAO_FIRST_PAGES: "off",
      BALCAO_SERIALIZE_ONCE: "off",
      BALCAO_COMPRESSION: "on",
    });
    expect(off.seams).toEqual({
      compression: true,
      firstPages: false,
      quietAuthContext: true,
      serializeOnce: false,
    });
  });

  it("refuse anything but on or off, by name", () => {
    expect(() => loadConfig({ BALCAO_QUIET_AUTH_CONTEXT: "false" })).toThrow(
      'Invalid configuration: BALCAO_QUIET_AUTH_CONTEXT must be on or off (got "false")',
    );
  });

  it("are what a test app takes from the environment, and nothing else", () => {
    expect(seamSwitchesIn({ BALCAO_COMPRESSION: "off", AUTH_SECRET: "x", BALCAO_FIRST_PAGES: "" })).toEqual({
      BALCAO_COMPRESSION: "off",
    });
  });
});
