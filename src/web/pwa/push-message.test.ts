import { describe, expect, it } from "vitest";
import { notificationFor, PUSH_ICON, pageOnThisSite } from "./push-message";

const ORIGIN = "https://balcao.agencia.digital";

describe("notificationFor", () => {
  it("shows the bell's title and text, and keeps the page to open", () => {
    const text = JSON.stringify({
      titulo: "Reembolso: Aprovada",
      texto: "Pagamento previsto para sexta-feira",
      url: "/solicitacoes/reembolso/0b9f7c1e-5a4d-4c3b-9a2e-1f0e9d8c7b6a",
    });
    expect(notificationFor(text, ORIGIN)).toEqual({
      title: "Reembolso: Aprovada",
      options: {
        body: "Pagamento previsto para sexta-feira",
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        lang: "pt-BR",
        data: { url: `${ORIGIN}/solicitacoes/reembolso/0b9f7c1e-5a4d-4c3b-9a2e-1f0e9d8c7b6a` },
      },
    });
  });

  it("shows something for a push without a body, or one that is not JSON", () => {
    expect(notificationFor(null, ORIGIN)).toMatchObject({
      title: "Balcão",
      options: { body: "", data: { url: `${ORIGIN}/` } },
    });
    expect(notificationFor("olá", ORIGIN)).toMatchObject({ title: "Balcão", options: { body: "olá" } });
  });
});

describe("pageOnThisSite", () => {
  it("opens only pages of this site", () => {
    expect(pageOnThisSite("/solicitacoes", ORIGIN)).toBe(`${ORIGIN}/solicitacoes`);
    for (const url of [
      "https://evil.example/x",
      "//evil.example/x",
      "javascript:alert(1)",
      42,
      undefined,
      "/\\evil.example",
    ])
      expect(new URL(pageOnThisSite(url, ORIGIN)).origin).toBe(ORIGIN);
  });
});
