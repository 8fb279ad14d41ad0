import { describe, expect, it } from "vitest";
import { KIND_NAMES, REQUEST_KIND_META } from "@/domain/requests/kinds/meta";
import { apiPaths, withQuery } from "./api-paths";

describe("apiPaths", () => {
  it("escapes what goes in a path and leaves empty query parameters out", () => {
    expect(apiPaths.requests.actions("reembolso", "a/b")).toBe("/api/solicitacoes/reembolso/a%2Fb/acoes");
    expect(
      apiPaths.caixa.list({ limit: 30, tipo: undefined, de: "", cursor: null, status: "pendente" }),
    ).toBe("/api/caixa?limit=30&status=pendente");
    expect(withQuery("/api/vagas", { cursor: null })).toBe("/api/vagas");
    expect(apiPaths.auth.confirmEmailPending("x y&z")).toBe("/api/confirm-email/pending?token=x+y%26z");
  });

  it("names the session, the live events and the sign-in as the server serves them", () => {
    expect([apiPaths.me, apiPaths.events, apiPaths.auth.login]).toEqual([
      "/api/me",
      "/api/eventos",
      "/api/login",
    ]);
  });

  it("creates each kind at its spec-fixed address, by its meta's slug", () => {
    const created = Object.fromEntries(
      KIND_NAMES.map((kind) => [kind, apiPaths.requests.create(REQUEST_KIND_META[kind].slug)]),
    );
    for (const kind of KIND_NAMES)
      expect(created[kind]).toBe(`/api/solicitacoes/${REQUEST_KIND_META[kind].slug}`);
    // The spec's fixed addresses (spec §7); the list of kinds is pinned in kinds/meta.test.ts.
    expect(created).toMatchObject({
      reembolso: "/api/solicitacoes/reembolso",
      bolsa: "/api/solicitacoes/bolsa-capacitacao",
      suporte: "/api/solicitacoes/suporte",
    });
  });
});
