import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath (sign-in returns to the e-mailed request, decision 011)", () => {
  it("accepts a request's page", () => {
    const path = "/solicitacoes/reembolso/0b9f5d3e-6a1c-4c55-9a4e-2f1d7c3b8a90";
    expect(safeReturnPath(path)).toBe(path);
    expect(safeReturnPath("/solicitacoes/suporte/abc-123")).toBe("/solicitacoes/suporte/abc-123");
  });

  it("refuses anything else: other pages, other origins, tricks", () => {
    for (const value of [
      undefined,
      null,
      42,
      "",
      "/",
      "/solicitacoes",
      "/solicitacoes/",
      "/admin",
      "/vagas",
      "https://evil.example/solicitacoes/reembolso/1",
      "//evil.example/solicitacoes/reembolso/1",
      "/\\evil.example/solicitacoes/reembolso/1",
      "/solicitacoes/reembolso/1/../../admin",
      "/solicitacoes/reembolso/../x",
      "/solicitacoes/reembolso/1?x=//evil",
      "/solicitacoes/reembolso/1#frag",
      "/solicitacoes//evil.example/1",
      "/solicitacoes/reembolso/1\n",
      " /solicitacoes/reembolso/1",
      "/solicitacoes/reembolso/%2F%2Fevil",
      `/solicitacoes/reembolso/${"a".repeat(300)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});
