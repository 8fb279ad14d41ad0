// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { importWhenOnline } from "./import-when-online";

describe("importWhenOnline", () => {
  it("answers the first load that succeeds, trying again only when the connection returns", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue("sonner");
    let settled: string | undefined;
    void importWhenOnline(load).then((value) => {
      settled = value;
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBeUndefined();

    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeUndefined();

    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(settled).toBe("sonner"));
    window.dispatchEvent(new Event("online"));
    await new Promise((r) => setTimeout(r, 20));
    expect(load).toHaveBeenCalledTimes(3);
  });
});
