import { describe, expect, it } from "vitest";
import { buildPushPayload, byteLength, notificationPath, PUSH_PAYLOAD_MAX_BYTES } from "./payload";

const requestNews = {
  title: "Reembolso: Aprovada",
  body: "Pagamento previsto para sexta-feira",
  subjectKind: "reembolso",
  subjectId: "0b9f7c1e-5a4d-4c3b-9a2e-1f0e9d8c7b6a",
};

describe("buildPushPayload", () => {
  it("carries the bell's title and text and the page the bell opens", () => {
    expect(buildPushPayload(requestNews)).toEqual({
      titulo: "Reembolso: Aprovada",
      texto: "Pagamento previsto para sexta-feira",
      url: "/solicitacoes/reembolso/0b9f7c1e-5a4d-4c3b-9a2e-1f0e9d8c7b6a",
    });
  });

  it("opens a plan's viewer for a plan's notification, and keeps a bell without text textless", () => {
    const payload = buildPushPayload({ ...requestNews, subjectKind: "planejamento", body: null });
    expect(payload.url).toBe("/planejamento/visualizar/0b9f7c1e-5a4d-4c3b-9a2e-1f0e9d8c7b6a");
    expect(payload.texto).toBeNull();
  });

  it("cuts a long title at 120 characters and a long text at 600, with '…'", () => {
    const payload = buildPushPayload({ ...requestNews, title: "T".repeat(500), body: "x".repeat(5000) });
    expect(Array.from(payload.titulo)).toHaveLength(120);
    expect(payload.titulo.endsWith("…")).toBe(true);
    expect(Array.from(payload.texto!)).toHaveLength(600);
    expect(payload.texto!.endsWith("…")).toBe(true);
  });

  it("stays under 3,000 bytes whatever the text holds (four-byte emoji, escaped quotes), never splitting one", () => {
    for (const body of ["😀".repeat(5000), '"\\'.repeat(5000), "ção".repeat(3000)]) {
      const payload = buildPushPayload({ ...requestNews, title: "🎉".repeat(500), body });
      expect(byteLength(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      // No lone surrogate: the text survives a round trip through UTF-8.
      const text = `${payload.titulo}${payload.texto}`;
      expect(new TextDecoder().decode(new TextEncoder().encode(text))).toBe(text);
    }
  });

  it("escapes a kind or id into the path rather than letting it leave the site", () => {
    expect(notificationPath("../../x", "a/b?c")).toBe("/solicitacoes/..%2F..%2Fx/a%2Fb%3Fc");
  });
});
