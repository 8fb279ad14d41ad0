import { describe, expect, it } from "vitest";
import { PLAN_CHANNELS } from "@/domain/planning/options";
import { channelColor, channelsOf } from "./channel-colors";

describe("channelColor", () => {
  it("gives each of the spec's channels a colour of its own", () => {
    const dots = PLAN_CHANNELS.map((channel) => channelColor(channel).dot);
    expect(new Set(dots).size).toBe(PLAN_CHANNELS.length);
  });

  it("knows a channel however it is typed, and keeps a typed channel's colour", () => {
    expect(channelColor("  linkedin ")).toEqual(channelColor("LinkedIn"));
    expect(channelColor("Threads")).toEqual(channelColor("threads"));
    const known = new Set(PLAN_CHANNELS.map((channel) => channelColor(channel).dot));
    expect(known.has(channelColor("Threads").dot)).toBe(false);
  });

  it("writes dark text on a pale tint (the chip's contrast), with a stripe of the full colour", () => {
    for (const channel of [...PLAN_CHANNELS, "Threads", "Kwai", "Podcast"]) {
      const { chip, dot } = channelColor(channel);
      expect(chip).toMatch(/\bbg-[a-z]+-(50|100)\b/);
      expect(chip).toMatch(/\btext-[a-z]+-950\b/);
      expect(chip).toMatch(/\bborder-l-[a-z]+-[5-7]00\b/);
      expect(dot).toMatch(/^bg-[a-z]+-[5-7]00$/);
    }
  });
});

describe("channelsOf", () => {
  it("lists each channel once, the spec's order first, then the others by name", () => {
    const posts = ["Blog/Site", "Instagram", "Threads", "instagram", "Kwai", "LinkedIn"].map((canal) => ({
      canal,
    }));
    expect(channelsOf(posts)).toEqual(["Instagram", "LinkedIn", "Blog/Site", "Kwai", "Threads"]);
  });
});
