import { describe, expect, it } from "vitest";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS } from "@/domain/requests/kinds";
import { REQUEST_FORM_PATHS } from "./router";

describe("the router's request form routes", () => {
  it("are the registry's formPath of every kind, and only those", () => {
    expect(Object.keys(REQUEST_FORM_PATHS).sort()).toEqual([...REQUEST_KINDS].sort());
    for (const kind of REQUEST_KINDS) {
      expect(REQUEST_FORM_PATHS[kind]).toBe(REQUEST_KIND_REGISTRY[kind].formPath);
    }
  });
});
