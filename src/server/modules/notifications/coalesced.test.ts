import { describe, expect, it } from "vitest";
import type { LiveEvent } from "../../live/bus";
import { coalesced } from "./notifications.service";

describe("the live events of one change", () => {
  it("keeps every request event and merges the bells, a hundred people per event at most", () => {
    const events: LiveEvent[] = [];
    for (let i = 0; i < 250; i++) {
      events.push({ type: "request", kind: "reembolso", id: `r${i}`, userIds: [`u${i}`], teamIds: ["t"] });
      events.push({ type: "notification", userIds: [`u${i}`, "fin"] });
    }
    const out = coalesced(events);
    expect(out.filter((e) => e.type === "request")).toHaveLength(250);
    const bells = out.filter((e) => e.type === "notification");
    expect(bells.map((b) => b.userIds.length)).toEqual([100, 100, 51]);
    expect(new Set(bells.flatMap((b) => b.userIds)).size).toBe(251);
    // Each under PostgreSQL's NOTIFY limit.
    for (const bell of bells) expect(JSON.stringify(bell).length).toBeLessThan(7900);
  });

  it("changes nothing of a single change", () => {
    const one: LiveEvent[] = [{ type: "ausencias" }, { type: "notification", userIds: ["a"] }];
    expect(coalesced(one)).toEqual(one);
  });
});
